import { readId, relationKindOf } from '../../config/ids.ts'
import type { FlattenedField } from '../../config/types.ts'
import { fieldType } from '../../fields/registry.ts'

/**
 * A value as Payload's adapters stored it, in the form this server stores it: booleans from SQLite's 0/1,
 * numbers from PostgreSQL's `numeric` strings, instants as ISO 8601 (PostgreSQL's timestamptz comes back as a
 * Date or its text), JSON from SQLite's text, points from their GeoJSON.
 */
export function decode(field: FlattenedField, v: unknown): unknown {
  if (v === null || v === undefined) return v
  switch (field.type) {
    case 'checkbox':
      return v === true || v === 1 || v === '1' || v === 't' || v === 'true'
    case 'number':
      return typeof v === 'number' ? v : Number(v)
    case 'date':
      return new Date(v instanceof Date ? v : String(v)).toISOString()
    case 'json':
    case 'richText':
      return typeof v === 'string' ? (JSON.parse(v) as unknown) : v
    default:
      break
  }
  if (fieldType(field).geo) {
    const geo = typeof v === 'string' ? (JSON.parse(v) as unknown) : v
    const coordinates = (geo as { coordinates?: unknown } | null)?.coordinates
    return Array.isArray(coordinates) ? coordinates.map(Number) : null
  }
  return v
}

/** An id of a related document, as the target collection holds its ids (a number, or text). */
export const relatedId = (field: FlattenedField, slug: string, v: unknown): unknown =>
  v === null || v === undefined ? null : readId(relationKindOf(field, slug), v)

/** An instant of a bookkeeping column (`created_at`, `updated_at`) as ISO 8601, or undefined. */
export const instant = (v: unknown): string | undefined =>
  v === null || v === undefined
    ? undefined
    : new Date(v instanceof Date ? v : String(v)).toISOString()

/** A boolean bookkeeping column (`latest`, `autosave`). */
export const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't'
