import { relationStoredKind } from '../../config/ids.ts'
import type { FlattenedField, IdKind } from '../../config/types.ts'
import type { Dialect, ScalarKind } from '../dialects/dialect.ts'
import type { Kind } from './state.ts'

/** The kind a field's values compare as. */
export function kindOf(field: FlattenedField): Kind {
  switch (field.type) {
    case 'number':
      return 'number'
    case 'checkbox':
      return 'boolean'
    case 'date':
      return 'date'
    case 'relationship':
      return idWhereKind(relationStoredKind(field))
    default:
      return 'text'
  }
}

/** How ids of a kind compare: integer ids as `id` (positive integers), number ids as numbers, text as text. */
export const idWhereKind = (k: IdKind): Kind =>
  k === 'integer' ? 'id' : k === 'number' ? 'number' : 'text'

/** The dialect's JSON scalar a kind is read as. */
export const scalarKind = (kind: Kind): ScalarKind =>
  kind === 'number' || kind === 'id' ? 'number' : kind === 'boolean' ? 'boolean' : 'text'

/**
 * A polymorphic value read from JSON: kept in each target's kind (5 or "a1"), so a text comparison (targets with
 * different id kinds) compares its text form.
 */
export function polyJsonValue(d: Dialect, expr: string, kind: Kind): string {
  const v = d.jsonValue(expr, scalarKind(kind))
  return kind === 'text' ? `CAST(${v} AS CHAR)` : v
}

/** A value stored as JSON that holds more than one value (not sortable, not distinct). */
export const isContainer = (f: FlattenedField) =>
  f.type === 'array' ||
  f.type === 'blocks' ||
  f.type === 'group' ||
  f.type === 'json' ||
  f.type === 'richText' ||
  ((f.type === 'select' || f.type === 'text' || f.type === 'number' || f.type === 'relationship') &&
    Boolean(f.hasMany))
