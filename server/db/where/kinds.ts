import { fieldType } from '../../fields/registry.ts'
import type { FlattenedField } from '../../config/types.ts'
import type { Dialect, ScalarKind } from '../dialects/dialect.ts'
import type { Kind } from './state.ts'

/** The kind a field's values compare as (its type says; text when it says nothing). */
export const kindOf = (field: FlattenedField): Kind => fieldType(field).whereKind?.(field) ?? 'text'

export { idWhereKind } from '../../fields/shared.ts'

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

/**
 * A related id read from JSON (text) as the related table's ids compare: through `dialect.uuidFromText` when they
 * are UUIDs (PostgreSQL's uuid column meets no text), else as it is.
 */
export const relatedIdExpr = (d: Dialect, expr: string, kind: Kind): string =>
  kind === 'uuid' && d.uuidFromText ? d.uuidFromText(expr) : expr

/** A value stored as JSON that holds more than one value (not sortable, not distinct). */
export const isContainer = (f: FlattenedField): boolean => {
  const type = fieldType(f)
  return Boolean(type.children) || Boolean(type.jsonStored?.(f))
}
