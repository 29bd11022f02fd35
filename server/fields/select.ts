import { optionValue } from '../config/fields.ts'
import type { RadioField, SelectField } from '../config/types.ts'
import { checkManyRows, EQ_OPS, many, ok } from './shared.ts'
import type { CheckKit, FieldType } from './types.ts'

/** select and radio: one of the options' values; a select may hold many (each once). */
type Choice = SelectField | RadioField

const hasMany = (field: Choice): boolean => field.type === 'select' && Boolean(field.hasMany)
const values = (field: Choice): string[] => field.options.map(optionValue)

function checkOptions(field: Choice, kit: CheckKit): void {
  if (!Array.isArray(field.options) || field.options.length === 0)
    kit.fail(`a ${field.type} field needs a non-empty options array.`)
  const all = field.options.map((o) => optionValue(o))
  if (all.some((v) => typeof v !== 'string' || v === ''))
    kit.fail('every option needs a non-empty string value.')
  if (new Set(all).size !== all.length) kit.fail('duplicate option value.')
}

function choiceType<F extends Choice>(name: F['type']): FieldType<F> {
  return {
    name,
    jsonStored: (field) => hasMany(field),
    emptyList: (field) => hasMany(field),
    containsIsEquals: true,
    many: name === 'select' ? { what: 'a select field', one: 'value' } : undefined,
    column: () => ({ type: 'string', length: 255 }),
    schema: (field) => ({ type: 'string', enum: values(field) }),
    whereSchema: (field, kit) => kit.operators({ type: 'string', enum: values(field) }),
    output: (field, parent, kit) =>
      many(
        hasMany(field),
        kit.enum(field.interfaceName ?? `${parent}_${field.name}`, values(field)),
      ),
    input(field, parent, kit) {
      const owner = parent.replace(/^mutation/, '').replace(/(Update)?Input$/, '')
      return many(
        hasMany(field),
        kit.enum(field.interfaceName ?? `${owner}_${field.name}`, values(field)),
      )
    },
    whereInput: (field, key, type, kit) =>
      kit.operators(
        `${type}_${key}_operator`,
        kit.enum(`${type}_${key}_Input`, values(field)),
        hasMany(field) ? [...EQ_OPS, 'contains'] : EQ_OPS,
      ),
    typescript(field, kit) {
      const union = values(field)
        .map((v) => JSON.stringify(v))
        .join(' | ')
      const t = field.interfaceName ? kit.alias(field.interfaceName, union) : union
      return hasMany(field) ? `(${t})[]` : t
    },
    validate(field, value) {
      const allowed = new Set(values(field))
      if (!hasMany(field))
        return typeof value === 'string' && allowed.has(value)
          ? ok(value)
          : 'This field has an invalid selection.'
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !allowed.has(v)))
        return 'This field has an invalid selection.'
      const unique = [...new Set(value)]
      return (field.type === 'select' && checkManyRows(field, unique.length)) || ok(unique)
    },
    check: checkOptions,
  }
}

export const select = choiceType<SelectField>('select')
export const radio = choiceType<RadioField>('radio')
