import { Ajv, type ValidateFunction } from 'ajv'
import type { JSONField } from '../config/types.ts'
import { ok, TEXT_OPS } from './shared.ts'
import type { FieldType } from './types.ts'

/**
 * One Ajv for every json field's `jsonSchema` (Payload validates json fields against it the same way), made when a
 * config first has one: making it compiles the JSON Schema meta-schema (about 100 ms of CPU), which a process whose
 * config has none never needs.
 */
let shared: Ajv | undefined
const ajv = () => (shared ??= new Ajv({ allErrors: true, strict: false }))
const compiled = new WeakMap<object, ValidateFunction>()

/** The compiled validator of a json field's `jsonSchema.schema` (compiled once; throws on a schema Ajv refuses). */
export function jsonSchemaValidator(field: JSONField): ValidateFunction | undefined {
  const schema = field.jsonSchema?.schema
  if (!schema) return undefined
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv().compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

/** Why `value` does not match the field's `jsonSchema`, or undefined when it does (or there is none). */
function jsonSchemaProblem(field: JSONField, value: unknown): string | undefined {
  const validate = jsonSchemaValidator(field)
  if (!validate || validate(value)) return undefined
  return `This field does not match its JSON schema: ${ajv().errorsText(validate.errors, { dataVar: 'value' })}.`
}

/** Keys of a path into a JSON value (`meta.tags`, GraphQL's `meta__tags`). */
export const JSON_PATH = '[A-Za-z0-9_-]+(?:(?:\\.|__)[A-Za-z0-9_-]+)*'

/**
 * What a field holding a JSON document (json, richText) is everywhere but its schema and checks: stored as JSON,
 * queried by `exists` or by paths into it, JSON in GraphQL.
 */
export function jsonDocument<F extends { type: string }>(): Pick<
  FieldType<F>,
  | 'jsonStored'
  | 'document'
  | 'holdsObject'
  | 'whereSchema'
  | 'wherePaths'
  | 'output'
  | 'input'
  | 'whereInput'
> {
  return {
    jsonStored: () => true,
    document: true,
    holdsObject: () => true,
    whereSchema: (_field, kit) => kit.ref('WhereExists'),
    wherePaths: (_field, path, kit) => kit.beyond(path, JSON_PATH),
    output: () => 'JSON',
    input: () => 'JSON',
    whereInput: (_field, key, type, kit) =>
      kit.operators(`${type}_${key}_operator`, 'JSON', TEXT_OPS),
  }
}

/** Any JSON value, checked against the field's `jsonSchema` when it has one; queried by paths into it. */
export const json: FieldType<JSONField> = {
  name: 'json',
  ...jsonDocument<JSONField>(),
  whereBooleans: true,
  schema(field) {
    if (!field.jsonSchema?.schema) return {}
    // The field's own schema, without the keys that would make it a document of its own.
    const { $schema: _s, $id: _i, ...schema } = field.jsonSchema.schema
    return schema
  },
  typescript: () => 'unknown',
  validate(field, value) {
    try {
      JSON.stringify(value)
    } catch {
      return 'This field must hold JSON.'
    }
    return jsonSchemaProblem(field, value) ?? ok(value)
  },
  check(field, kit) {
    const js: unknown = field.jsonSchema
    const schema = typeof js === 'object' && js !== null && 'schema' in js ? js.schema : undefined
    if (js !== undefined && (!schema || typeof schema !== 'object'))
      kit.fail(
        "jsonSchema must be an object with a schema (a JSON Schema object), such as { schema: { type: 'object' } }.",
      )
  },
}
