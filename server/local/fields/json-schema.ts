import { Ajv, type ValidateFunction } from 'ajv'
import type { FlattenedField } from '../../config/types.ts'

/** One Ajv for every json field's `jsonSchema` (Payload validates json fields against it the same way). */
const ajv = new Ajv({ allErrors: true, strict: false })
const compiled = new WeakMap<object, ValidateFunction>()

/** The compiled validator of a json field's `jsonSchema.schema` (compiled once; throws on a schema Ajv refuses). */
export function jsonSchemaValidator(
  field: FlattenedField & { type: 'json' },
): ValidateFunction | undefined {
  const schema = field.jsonSchema?.schema
  if (!schema) return undefined
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

/** Why `value` does not match the field's `jsonSchema`, or undefined when it does (or there is none). */
export function jsonSchemaProblem(
  field: FlattenedField & { type: 'json' },
  value: unknown,
): string | undefined {
  const validate = jsonSchemaValidator(field)
  if (!validate || validate(value)) return undefined
  return `This field does not match its JSON schema: ${ajv.errorsText(validate.errors, { dataVar: 'value' })}.`
}
