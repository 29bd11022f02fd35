import type { RichTextField } from '../config/types.ts'
import { isObject, ok, TEXT_OPS } from './shared.ts'
import { JSON_PATH } from './json.ts'
import type { FieldType } from './types.ts'

/** Rich text: a JSON document (an object or a list of nodes), stored as JSON and queried by paths into it. */
export const richText: FieldType<RichTextField> = {
  name: 'richText',
  jsonStored: () => true,
  document: true,
  holdsObject: () => true,
  schema: () => ({ type: 'object', description: 'Rich text (a JSON document).' }),
  whereSchema: (_field, kit) => kit.ref('WhereExists'),
  wherePaths: (_field, path, kit) => kit.beyond(path, JSON_PATH),
  output: () => 'JSON',
  input: () => 'JSON',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'JSON', TEXT_OPS),
  typescript: () => '{ [k: string]: unknown }',
  validate: (_field, value) =>
    isObject(value) || Array.isArray(value)
      ? ok(value)
      : 'This field must hold rich text (a JSON object).',
}
