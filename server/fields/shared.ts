import { indexedColumn } from '../config/fields.ts'
import type { FlattenedField } from '../config/types.ts'
import type { IdKind } from '../config/types.ts'
import type { Checked, Schema, SchemaKit, WhereKind } from './types.ts'

/** What the field modules share: value checks, list schemas, the GraphQL operator lists. */

export const ok = (value: unknown): Checked => ({ value })

/**
 * Whether a row declares its own `id` field (Payload's templates: `populatedAuthors: [{ id, name }]`). As in
 * Payload, that field is the row id (a text field, checked at start): it replaces the implicit `id` of the row in
 * every contract, so nothing defines `id` twice.
 */
export const ownsRowId = (fields: readonly { name: string }[]): boolean =>
  fields.some((f) => f.name === 'id')

/** A row's own `id` field must be text, as the row ids generated for rows without one are (24 hex digits). */
export function checkRowId(fields: readonly { name: string; type: string }[]): string | undefined {
  const id = fields.find((f) => f.name === 'id')
  return id && id.type !== 'text'
    ? `a row's "id" field is the row id (as Payload's): it must have type "text", not "${id.type}".`
    : undefined
}
export const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

const DEFAULT_MAX_TEXT = 40_000
const INDEXED_MAX_TEXT = 255

/** A text value within the field's length (an indexed one within what its column holds). */
export function checkLength(
  field: FlattenedField & { minLength?: number; maxLength?: number },
  v: string,
): string | undefined {
  const max = field.maxLength ?? (indexedColumn(field) ? INDEXED_MAX_TEXT : DEFAULT_MAX_TEXT)
  if (field.minLength !== undefined && v.length < field.minLength)
    return `This value must be longer than the minimum length of ${field.minLength} characters.`
  if (v.length > max) return `This value must be shorter than the max length of ${max} characters.`
  return undefined
}

/** `minRows`/`maxRows` of an array, blocks or hasMany relationship field. */
export function checkRows(
  field: { minRows?: number; maxRows?: number },
  n: number,
): string | undefined {
  if (field.minRows !== undefined && n < field.minRows)
    return `This field requires at least ${field.minRows} row(s).`
  if (field.maxRows !== undefined && n > field.maxRows)
    return `This field requires no more than ${field.maxRows} row(s).`
  return undefined
}

/**
 * `minRows`/`maxRows` of a hasMany text, number or select field (Payload's wording). An empty list is checked by
 * `required` only, as Payload does.
 */
export function checkManyRows(
  field: { minRows?: number; maxRows?: number },
  n: number,
): string | undefined {
  if (n === 0) return undefined
  if (field.minRows !== undefined && n < field.minRows)
    return `${n} is less than the min allowed rows of ${field.minRows}.`
  if (field.maxRows !== undefined && n > field.maxRows)
    return `${n} is greater than the max allowed rows of ${field.maxRows}.`
  return undefined
}

/**
 * A list schema of an array or blocks field with its row bounds (inputs only): `maxItems` is the field's `maxRows`
 * or `limits.rows.maxPerField`, whichever is smaller (the per-document bound has no schema form).
 */
export function arrayOf(
  items: Schema,
  field: { minRows?: number; maxRows?: number },
  kit: SchemaKit,
): Schema {
  const s: Schema = { type: 'array', items }
  if (kit.mode !== 'input') return s
  if (field.minRows !== undefined) s.minItems = field.minRows
  s.maxItems = Math.min(field.maxRows ?? Infinity, kit.config.limits.rows.maxPerField)
  return s
}

/** How ids of a kind compare: integer ids as `id` (positive integers), number ids as numbers, text as text. */
export const idWhereKind = (k: IdKind): WhereKind =>
  k === 'integer' ? 'id' : k === 'number' ? 'number' : k === 'uuid' ? 'uuid' : 'text'

/** The Where operator component of ids of a kind (the contract's `WhereID`, `WhereNumber`, `WhereText`). */
export const whereIdComponent = (k: IdKind): string =>
  k === 'integer' ? 'WhereID' : k === 'number' ? 'WhereNumber' : 'WhereText'

/** `[T!]` for a hasMany field, else `T`. */
export const many = (hasMany: boolean | undefined, t: string): string => (hasMany ? `[${t}!]` : t)

export const TEXT_OPS = [
  'equals',
  'not_equals',
  'like',
  'not_like',
  'contains',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
] as const
export const NUMBER_OPS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'in',
  'not_in',
  'all',
  'exists',
] as const
export const EQ_OPS = ['equals', 'not_equals', 'in', 'not_in', 'all', 'exists'] as const
