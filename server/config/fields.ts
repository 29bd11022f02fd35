import type { FlattenedField, Field } from './types.ts'
import { staticText, type StaticText } from './admin.ts'
import { fieldType, layoutOf } from '../fields/registry.ts'

/**
 * Removes layout-only fields (row, collapsible, unnamed groups and tabs) by lifting their children into the parent;
 * a named tab becomes a group. Children of groups, arrays and blocks are flattened too.
 */
export function flattenFields(fields: Field[]): FlattenedField[] {
  return fields.flatMap((field) => {
    const layout = layoutOf(field)
    if (layout) return layout.lift(field, flattenFields)
    const data = field as FlattenedField
    return [fieldType(data).flatten?.(data, flattenFields) ?? data]
  })
}

/** Whether a field is `unique` (groups, arrays, blocks, JSON, rich text and points take no `unique`). */
export const isUnique = (field: FlattenedField): boolean =>
  'unique' in field && field.unique === true
/** Whether a field asks for an `index` (groups, arrays, blocks, JSON and rich text take none). */
export const isIndexed = (field: FlattenedField): boolean =>
  'index' in field && field.index === true

/** Fields named by a collection's compound `indexes` (set by the sanitiser): their columns must be indexable. */
export const inCompoundIndex = new WeakSet<FlattenedField>()
/** Whether a field's column is indexed (alone or with others): a text one is then a bounded VARCHAR. */
export const indexedColumn = (field: FlattenedField): boolean =>
  isUnique(field) || isIndexed(field) || inCompoundIndex.has(field)

/** Value of a select/radio option. */
export const optionValue = (o: string | { value: string }): string =>
  typeof o === 'string' ? o : o.value

/** True for fields whose value is stored as one JSON document (not in columns of their own). */
export { storedAsJson as isJsonStored } from '../fields/registry.ts'

/**
 * Whether a field is required whatever the data: `required` without an `admin.condition` (a conditional field is
 * only required when its condition holds, so the contracts leave it optional).
 */
export const alwaysRequired = (field: FlattenedField): boolean =>
  'required' in field &&
  Boolean(field.required) &&
  typeof field.admin?.condition !== 'function' &&
  !underCondition.has(field)

/**
 * The fields inside a group, array or blocks field that has an `admin.condition`, at any depth: Payload skips
 * validating the whole subtree while the condition is false (plugin-form-builder's `redirect.url` is required only
 * when the form redirects), so they are never always required either.
 */
const underCondition = new WeakSet<FlattenedField>()

/** Notes the fields under a conditional field of a sanitized tree (`alwaysRequired` reads it). */
export function markConditional(fields: FlattenedField[]): void {
  traverseFields(fields, (f) => {
    if (typeof f.admin?.condition !== 'function' && !underCondition.has(f)) return
    for (const child of subFields(f) ?? []) underCondition.add(child)
  })
}

export const fieldLabel = (field: { name: string; label?: StaticText | false }): string =>
  staticText(field.label) ?? field.name

/** The fields under a field: a group's or an array's, every block's for a blocks field (in order); else none. */
export const subFields = (field: FlattenedField): FlattenedField[] | undefined =>
  fieldType(field).children?.(field)

/** The fields of one row of an array or blocks field (a block row: its block's), or undefined. */
export const rowFields = (field: FlattenedField, row: unknown): FlattenedField[] | undefined =>
  fieldType(field).rowFields?.(field, row)

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

/** Whether any field of the tree (at any depth, layout lifted) has an `admin.condition` (formState's). */
export const hasConditions = (fields: FlattenedField[]): boolean =>
  someField(fields, (f) => typeof f.admin?.condition === 'function')

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
  walkData(fields, data, {
    visit(field, holder) {
      if (field.virtual && holder[field.name] === undefined) holder[field.name] = null
    },
  })
}

/** A walk of data with its fields (`walkData`, `walkDataAsync`). */
export interface DataWalk<R> {
  /**
   * At each field with the object holding its value and its path (names, and row positions in arrays and
   * blocks); false leaves what is nested in the value alone.
   */
  visit(field: FlattenedField, holder: Record<string, unknown>, path: (string | number)[]): R
  /** The values to go into (default the value; a localized one: one per locale, as the caller holds them). */
  values?(field: FlattenedField, value: unknown): unknown[]
}

/**
 * The one walk of data and fields together: every field of `fields` with the object holding its value, then the
 * objects nested in the value (a group's object, array and block rows, `nestedData`) with their fields.
 */
export function walkData(
  fields: FlattenedField[],
  holder: Record<string, unknown>,
  walk: DataWalk<boolean | void>,
  at: (string | number)[] = [],
): void {
  for (const field of fields) {
    const path = [...at, field.name]
    if (walk.visit(field, holder, path) === false || !mayNest(field)) continue
    for (const value of walk.values?.(field, holder[field.name]) ?? [holder[field.name]])
      for (const nested of nestedData(field, value))
        walkData(nested.fields, nested.data, walk, rowPath(path, nested))
  }
}

/** Whether a field's value can hold data with fields of its own (rows, a group's object): the walks skip the rest. */
const mayNest = (field: FlattenedField): boolean => {
  const type = fieldType(field)
  return Boolean(type.rowFields ?? type.children)
}

/** The path of a nested object: a row's position follows its field's name. */
const rowPath = (path: (string | number)[], nested: NestedData) =>
  nested.index === undefined ? path : [...path, nested.index]

/** `walkData` with a visit that may wait (access functions). */
export async function walkDataAsync(
  fields: FlattenedField[],
  holder: Record<string, unknown>,
  walk: DataWalk<Promise<boolean | void> | boolean | void>,
  at: (string | number)[] = [],
): Promise<void> {
  for (const field of fields) {
    const path = [...at, field.name]
    if ((await walk.visit(field, holder, path)) === false || !mayNest(field)) continue
    for (const value of walk.values?.(field, holder[field.name]) ?? [holder[field.name]])
      for (const nested of nestedData(field, value))
        await walkDataAsync(nested.fields, nested.data, walk, rowPath(path, nested))
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
  const type = fieldType(field)
  if (type.rowFields) {
    if (!Array.isArray(value)) return
    for (const [index, row] of value.entries()) {
      if (!isRecord(row)) continue
      const fields = type.rowFields(field, row)
      if (fields) yield { fields, data: row, index }
    }
  } else if (type.children && isRecord(value)) yield { fields: type.children(field), data: value }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
