import type { FlattenedField, Field } from './types.ts'

/**
 * Removes layout-only fields (row, collapsible, unnamed groups and tabs) by lifting their children into the parent;
 * a named tab becomes a group. Children of groups, arrays and blocks are flattened too.
 */
export function flattenFields(fields: Field[]): FlattenedField[] {
  const out: FlattenedField[] = []
  for (const field of fields) {
    if (
      field.type === 'row' ||
      field.type === 'collapsible' ||
      (field.type === 'group' && !field.name)
    ) {
      out.push(...flattenFields(field.fields))
    } else if (field.type === 'tabs') {
      for (const tab of field.tabs) {
        if (tab.name)
          out.push({
            type: 'group',
            name: tab.name,
            label: tab.label,
            interfaceName: tab.interfaceName,
            ...(tab.saveToJWT !== undefined && { saveToJWT: tab.saveToJWT }),
            fields: flattenFields(tab.fields),
          })
        else out.push(...flattenFields(tab.fields))
      }
    } else if (field.type === 'group' || field.type === 'array') {
      out.push({ ...field, fields: flattenFields(field.fields) })
    } else if (field.type === 'blocks') {
      out.push({
        ...field,
        blocks: field.blocks.map((b) => ({ ...b, fields: flattenFields(b.fields) })),
      })
    } else {
      // A relationship is copied: the sanitiser marks it with its targets' id kinds (config/ids.ts), which must
      // not land on the config object (it may be sanitised again, alone or in another config).
      out.push(field.type === 'relationship' ? { ...field } : field)
    }
  }
  return out
}

/** Whether a field is `unique` (groups, arrays, blocks, JSON, rich text and points take no `unique`). */
export const isUnique = (field: FlattenedField): boolean =>
  'unique' in field && field.unique === true
/** Whether a field asks for an `index` (groups, arrays, blocks, JSON and rich text take none). */
export const isIndexed = (field: FlattenedField): boolean =>
  'index' in field && field.index === true

/** Value of a select/radio option. */
export const optionValue = (o: string | { value: string }): string =>
  typeof o === 'string' ? o : o.value

/** True for fields whose value is stored as one JSON document (not in columns of their own). */
export function isJsonStored(field: FlattenedField): boolean {
  if (field.localized) return true
  switch (field.type) {
    case 'array':
    case 'blocks':
    case 'json':
    case 'richText':
      return true
    case 'select':
    case 'text':
    case 'number':
      return Boolean(field.hasMany)
    case 'relationship':
      return Boolean(field.hasMany)
    default:
      return false
  }
}

export const fieldLabel = (field: { name: string; label?: string }): string =>
  field.label ?? field.name

/** The fields under a field: a group's or an array's, every block's for a blocks field (in order); else none. */
export function subFields(field: FlattenedField): FlattenedField[] | undefined {
  if (field.type === 'group' || field.type === 'array') return field.fields
  if (field.type === 'blocks') return field.blocks.flatMap((b) => b.fields)
  return undefined
}

/** The fields of one row of an array or blocks field (a block row: its block's), or undefined. */
export function rowFields(field: FlattenedField, row: unknown): FlattenedField[] | undefined {
  if (field.type === 'array') return field.fields
  if (field.type === 'blocks' && row && typeof row === 'object')
    return field.blocks.find((b) => b.slug === (row as { blockType?: unknown }).blockType)?.fields
  return undefined
}

/**
 * Walks a field tree depth-first, every field once with the names leading to it (a block's fields under the
 * blocks field's name); `visit` returning false skips the field's children.
 */
export function traverseFields(
  fields: FlattenedField[],
  visit: (field: FlattenedField, path: string[]) => boolean | void,
  path: string[] = [],
): void {
  for (const field of fields) {
    if (visit(field, path) === false) continue
    const children = subFields(field)
    if (children) traverseFields(children, visit, [...path, field.name])
  }
}

/** Whether any field of the tree, at any depth, satisfies `test`. */
export function someField(
  fields: FlattenedField[],
  test: (field: FlattenedField) => boolean,
): boolean {
  let found = false
  traverseFields(fields, (field) => {
    if (found || test(field)) found = true
    return !found
  })
  return found
}

/**
 * Gives every virtual field of `data` (at any depth) a value of `null` when it has none, so that read access and
 * `afterRead` hooks (which compute it) see it like a stored field.
 */
export function fillVirtual(fields: FlattenedField[], data: Record<string, unknown>): void {
  for (const field of fields) {
    if (field.virtual && data[field.name] === undefined) data[field.name] = null
    for (const nested of nestedData(field, data[field.name]))
      fillVirtual(nested.fields, nested.data)
  }
}

export interface NestedData {
  fields: FlattenedField[]
  data: Record<string, unknown>
  /** The row's position, for array and blocks rows. */
  index?: number
}

/**
 * The data nested in a field's value with the fields that describe it: a group's object, and each object row of
 * an array or blocks field (a block row with its block's fields; a row of an unknown block is skipped).
 */
export function* nestedData(field: FlattenedField, value: unknown): Generator<NestedData> {
  if (field.type === 'group') {
    if (isRecord(value)) yield { fields: field.fields, data: value }
  } else if ((field.type === 'array' || field.type === 'blocks') && Array.isArray(value)) {
    for (const [index, row] of value.entries()) {
      if (!isRecord(row)) continue
      const fields = rowFields(field, row)
      if (fields) yield { fields, data: row, index }
    }
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
