import type { CodeField, TextareaField, TextField } from '../config/types.ts'
import { indexedColumn } from '../config/fields.ts'
import { checkLength, checkManyRows, many, ok, TEXT_OPS } from './shared.ts'
import type { FieldType, Schema } from './types.ts'

/** text, textarea and code: strings within their lengths; a text field may hold many. */
type TextLike = TextField | TextareaField | CodeField

const hasMany = (field: TextLike): boolean => field.type === 'text' && Boolean(field.hasMany)

function textType<F extends TextLike>(name: F['type']): FieldType<F> {
  return {
    name,
    jsonStored: (field) => hasMany(field),
    emptyList: (field) => hasMany(field),
    // An indexed text column is a VARCHAR (MySQL indexes no TEXT); others hold up to 40,000 characters.
    column: (field) =>
      field.type === 'text' && indexedColumn(field)
        ? { type: 'string', length: field.maxLength ?? 255 }
        : { type: 'text' },
    schema(field, kit) {
      const s: Schema = { type: 'string' }
      if (kit.mode === 'input' && field.maxLength !== undefined) s.maxLength = field.maxLength
      if (kit.mode === 'input' && field.minLength !== undefined) s.minLength = field.minLength
      return s
    },
    nonEmpty: true,
    many: name === 'text' ? { what: 'a text field', one: 'value' } : undefined,
    whereSchema: (_field, kit) => kit.ref('WhereText'),
    output: (field) => many(hasMany(field), 'String'),
    input: (field) => many(hasMany(field), 'String'),
    whereInput: (_field, key, type, kit) =>
      kit.operators(`${type}_${key}_operator`, 'String', TEXT_OPS),
    typescript: (field) => (hasMany(field) ? 'string[]' : 'string'),
    validate(field, value) {
      if (field.type === 'text' && field.hasMany) {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
          return 'This field must be a list of strings.'
        const rows = checkManyRows(field, value.length)
        if (rows) return rows
        for (const v of value) {
          const e = checkLength(field, v)
          if (e) return e
        }
        return ok(value)
      }
      if (typeof value !== 'string') return 'This field must be a string.'
      return checkLength(field, value) ?? ok(value)
    },
    check(field, kit) {
      // An indexed text column is a VARCHAR on MySQL; keep the validated length within what it can hold.
      if (field.type === 'text' && (field.unique || field.index) && (field.maxLength ?? 0) > 768)
        kit.fail('maxLength above 768 cannot be indexed.')
    },
  }
}

export const text = textType<TextField>('text')
export const textarea = textType<TextareaField>('textarea')
export const code = textType<CodeField>('code')
