import { staticText } from '../config/admin.ts'
import { typeName } from '../config/names.ts'
import type { FlattenedArrayField } from '../config/types.ts'
import { arrayOf, checkRowId, checkRows, isObject, ok, ownsRowId, TEXT_OPS } from './shared.ts'
import type { FieldType } from './types.ts'

/** Keys of every row besides its fields. */
const ROW_KEYS = ['id']

/** An array: rows of fields (each with its `id`), stored as one JSON value. */
export const array: FieldType<FlattenedArrayField> = {
  name: 'array',
  jsonStored: () => true,
  emptyList: () => true,
  children: (field) => field.fields,
  flatten: (field, flatten) => ({ ...field, fields: flatten(field.fields) }),
  rowFields: (field) => field.fields,
  rowKeys: ROW_KEYS,
  schema: (field, kit) => arrayOf(kit.object(field.fields, field.interfaceName, true), field, kit),
  whereSchema: (_field, kit) => kit.ref('WhereExists'),
  wherePaths(field, path, kit) {
    if (field.localized) return kit.beyond(path)
    for (const key of ROW_KEYS) kit.add([...path, key], kit.ref('WhereText'))
  },
  output: (field, parent, kit) =>
    `[${kit.object(field.interfaceName ?? `${parent}_${typeName(field.name)}`, field.fields, true, staticText(field.label))}!]`,
  input: (field, parent, kit) =>
    `[${kit.input(`${parent}_${typeName(field.name)}Input`, field.fields, true)}!]`,
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'JSON', TEXT_OPS),
  typescript(field, kit) {
    const body = kit.object(field.fields, ownsRowId(field.fields) ? [] : ['id?: string | null;'])
    return `${field.interfaceName ? kit.named(field.interfaceName, body) : body}[]`
  },
  selection: (field, parent, kit) =>
    `${field.name} {\n${ownsRowId(field.fields) ? '' : `${kit.depth}  id\n`}${kit.fields(field.fields, field.interfaceName ?? `${parent}_${typeName(field.name)}`, '  ')}\n${kit.depth}}`,
  async validate(field, value, kit) {
    if (!Array.isArray(value)) return 'This field must be a list of rows.'
    const e = checkRows(field, value.length)
    if (e) return e
    const rows: unknown[] = []
    for (const [i, row] of value.entries()) {
      if (!isObject(row)) {
        kit.push(`${kit.path}.${i}`, 'Each row must be an object.')
        continue
      }
      const r = await kit.fields(field.fields, row, `${kit.path}.${i}.`, new Set(['id']))
      rows.push({ id: row.id, ...r })
    }
    return ok(rows)
  },
  check(field, kit) {
    if (!Array.isArray(field.fields) || field.fields.length === 0)
      kit.fail('a array field needs a non-empty fields array.')
    field.fields = kit.fields(field.fields, `${field.name}.`, false)
    const problem = checkRowId(field.fields)
    if (problem) kit.fail(problem)
  },
}
