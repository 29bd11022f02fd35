import { fieldLabel } from '../config/fields.ts'
import type { NumberField } from '../config/types.ts'
import { checkManyRows, many, NUMBER_OPS, ok } from './shared.ts'
import type { FieldType, Schema } from './types.ts'

/** A finite number within `min`/`max`; `hasMany` holds a list of them. */
export const number: FieldType<NumberField> = {
  name: 'number',
  jsonStored: (field) => Boolean(field.hasMany),
  emptyList: (field) => Boolean(field.hasMany),
  column: () => ({ type: 'double' }),
  reader: () => (v) => (typeof v === 'number' ? v : Number(v)),
  whereKind: () => 'number',
  many: { what: 'a number field', one: 'value' },
  schema(field, kit) {
    const s: Schema = { type: 'number' }
    if (kit.mode === 'input' && field.min !== undefined) s.minimum = field.min
    if (kit.mode === 'input' && field.max !== undefined) s.maximum = field.max
    return s
  },
  whereSchema: (_field, kit) => kit.ref('WhereNumber'),
  output: (field) => many(field.hasMany, 'Float'),
  input: (field) => many(field.hasMany, 'Float'),
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'Float', NUMBER_OPS),
  typescript: (field) => (field.hasMany ? 'number[]' : 'number'),
  validate(field, value) {
    const one = (n: unknown): string | undefined => {
      if (typeof n !== 'number' || !Number.isFinite(n)) return 'This field must be a number.'
      if (field.min !== undefined && n < field.min)
        return `${n} is less than the min allowed ${fieldLabel(field)} of ${field.min}.`
      if (field.max !== undefined && n > field.max)
        return `${n} is greater than the max allowed ${fieldLabel(field)} of ${field.max}.`
      return undefined
    }
    if (!field.hasMany) return one(value) ?? ok(value)
    if (!Array.isArray(value)) return 'This field must be a list of numbers.'
    const rows = checkManyRows(field, value.length)
    if (rows) return rows
    for (const n of value) {
      const e = one(n)
      if (e) return e
    }
    return ok(value)
  },
}
