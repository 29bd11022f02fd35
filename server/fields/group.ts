import { typeName } from '../config/names.ts'
import type { FlattenedGroupField } from '../config/types.ts'
import { isObject, ok } from './shared.ts'
import type { FieldType } from './types.ts'

/** A named group: an object of fields, stored in columns of its own (`group__field`) unless localized. */
export const group: FieldType<FlattenedGroupField> = {
  name: 'group',
  children: (field) => field.fields,
  flatten: (field, flatten) => ({ ...field, fields: flatten(field.fields) }),
  holdsObject: () => true,
  schema: (field, kit) => kit.object(field.fields, field.interfaceName, false),
  // A localized group is stored as one JSON value: paths into it are not enumerated.
  wherePaths: (field, path, kit) => (field.localized ? kit.beyond(path) : undefined),
  output: (field, parent, kit) =>
    kit.group(parent, field, field.interfaceName ?? `${parent}_${typeName(field.name)}`),
  input: (field, parent, kit) =>
    kit.input(`${parent}_${typeName(field.name)}Input`, field.fields, false),
  typescript(field, kit) {
    const body = kit.object(field.fields)
    return field.interfaceName ? kit.named(field.interfaceName, body) : body
  },
  selection: (field, parent, kit) =>
    `${field.name} {\n${kit.fields(field.fields, field.interfaceName ?? `${parent}_${typeName(field.name)}`, '  ')}\n${kit.depth}}`,
  async validate(field, value, kit) {
    if (!isObject(value)) return 'This field must be an object.'
    return ok(await kit.fields(field.fields, value, `${kit.path}.`, new Set()))
  },
  check(field, kit) {
    if (!Array.isArray(field.fields) || field.fields.length === 0)
      kit.fail('a group field needs a non-empty fields array.')
    field.fields = kit.fields(field.fields, `${field.name}.`, kit.topLevel && !field.localized)
  },
}
