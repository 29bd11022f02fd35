import type { FlattenedField } from '../../config/types.ts'
import { coerce, likeEscape, NO_MATCH, toBool, toList } from './coerce.ts'
import type { Operator } from '../../config/where-operators.ts'
import { fail, type Compiled, type Kind } from './state.ts'

/**
 * The scalar operator family: one value `expr` (its own bindings `exprB`, repeated each time it is used) of `kind`
 * tested with `op`. A missing value (NULL) matches the negative operators, as in Payload.
 */
export function scalar(
  expr: string,
  exprB: unknown[],
  kind: Kind,
  op: Operator,
  value: unknown,
  path: string,
  field?: FlattenedField,
): Compiled {
  switch (op) {
    case 'equals':
    case 'not_equals':
      if (Array.isArray(value) && (kind === 'id' || kind === 'uuid') && op === 'equals')
        return inList(expr, exprB, kind, 'in', value, path, field)
      return equality(expr, exprB, op, coerce(kind, value, path, field))
    case 'in':
    case 'not_in':
      return inList(expr, exprB, kind, op, value, path, field)
    case 'greater_than':
    case 'greater_than_equal':
    case 'less_than':
    case 'less_than_equal':
      return comparison(expr, exprB, kind, op, value, path, field)
    case 'contains':
    case 'like':
    case 'not_like':
      if (kind === 'id') return idMatch(expr, exprB, op, value)
      if (kind === 'uuid') return uuidMatch(expr, exprB, op, value, path)
      if (kind !== 'text') fail(path, `operator "${op}" applies to text fields only`)
      return textMatch(expr, exprB, op, value, path, field)
    case 'all':
      return allOf(expr, exprB, kind, value, path, field)
    case 'exists':
      return { sql: `${expr} IS ${toBool(value, path) ? 'NOT ' : ''}NULL`, bindings: [...exprB] }
    case 'near':
      return fail(path, 'operator "near" applies to point fields only')
  }
}

function equality(
  expr: string,
  exprB: unknown[],
  op: 'equals' | 'not_equals',
  v: unknown,
): Compiled {
  if (v === null)
    return { sql: `${expr} IS ${op === 'equals' ? '' : 'NOT '}NULL`, bindings: [...exprB] }
  // No UUID: equal to no id, unequal to every row (a missing value too, as not_equals of any other operand).
  if (v === NO_MATCH) return { sql: op === 'equals' ? '1 = 0' : '1 = 1', bindings: [] }
  return op === 'equals'
    ? { sql: `${expr} = ?`, bindings: [...exprB, v] }
    : { sql: `(${expr} IS NULL OR ${expr} <> ?)`, bindings: [...exprB, ...exprB, v] }
}

function inList(
  expr: string,
  exprB: unknown[],
  kind: Kind,
  op: 'in' | 'not_in',
  value: unknown,
  path: string,
  field?: FlattenedField,
): Compiled {
  const list = toList(value, path).map((x) => coerce(kind, x, path, field))
  // An operand that is no UUID is in no list of ids: left out (not_in of it alone matches every row).
  const values = list.filter((x) => x !== null && x !== NO_MATCH)
  const hasNull = list.includes(null)
  const parts: string[] = []
  const bindings: unknown[] = []
  if (values.length) {
    parts.push(`${expr} ${op === 'in' ? 'IN' : 'NOT IN'} (${'?, '.repeat(values.length - 1)}?)`)
    bindings.push(...exprB, ...values)
  }
  if (op === 'in') {
    if (hasNull) {
      parts.push(`${expr} IS NULL`)
      bindings.push(...exprB)
    }
    return parts.length
      ? { sql: `(${parts.join(' OR ')})`, bindings }
      : { sql: '1 = 0', bindings: [] }
  }
  // not_in: a missing value is not in any list, unless null itself is listed.
  if (!hasNull)
    return values.length
      ? { sql: `(${expr} IS NULL OR ${parts[0]})`, bindings: [...exprB, ...bindings] }
      : { sql: '1 = 1', bindings: [] }
  return values.length
    ? { sql: `(${expr} IS NOT NULL AND ${parts[0]})`, bindings: [...exprB, ...bindings] }
    : { sql: `${expr} IS NOT NULL`, bindings: [...exprB] }
}

const COMPARISON = {
  greater_than: '>',
  greater_than_equal: '>=',
  less_than: '<',
  less_than_equal: '<=',
} as const

function comparison(
  expr: string,
  exprB: unknown[],
  kind: Kind,
  op: keyof typeof COMPARISON,
  value: unknown,
  path: string,
  field?: FlattenedField,
): Compiled {
  if (kind === 'boolean') fail(path, `operator "${op}" does not apply to a checkbox`)
  const v = coerce(kind, value, path, field)
  if (v === null) fail(path, `operator "${op}" needs a value`)
  // No UUID bounds no range of ids (Payload's PostgreSQL adapter compares with NULL: nothing).
  if (v === NO_MATCH) return { sql: '1 = 0', bindings: [] }
  return { sql: `${expr} ${COMPARISON[op]} ?`, bindings: [...exprB, v] }
}

/** contains (the text holds the value), like (it holds every word), not_like (it holds none): case-insensitive. */
function textMatch(
  expr: string,
  exprB: unknown[],
  op: 'contains' | 'like' | 'not_like',
  value: unknown,
  path: string,
  field?: FlattenedField,
): Compiled {
  const v = coerce('text', value, path, field)
  if (typeof v !== 'string') fail(path, `operator "${op}" needs a string`)
  const words = op === 'contains' ? [v] : v.split(/\s+/).filter(Boolean)
  // Both sides lower-cased in full Unicode: the pattern here, the value by LOWER (on SQLite the connection's own,
  // server/db/sqlite.ts, as SQLite's built-in one knows ASCII only).
  const lower = `LOWER(${expr})`
  if (op === 'not_like') {
    // None of the words appears (Payload: AND of NOT LIKE per word); a missing value contains none.
    if (words.length === 0) return { sql: `${expr} IS NULL`, bindings: [...exprB] }
    return {
      sql: `(${expr} IS NULL OR (${words.map(() => `${lower} NOT LIKE ? ESCAPE '!'`).join(' AND ')}))`,
      bindings: [...exprB, ...words.flatMap((w) => [...exprB, `%${likeEscape(w)}%`])],
    }
  }
  if (words.length === 0) return { sql: `${expr} IS NOT NULL`, bindings: [...exprB] }
  return {
    sql: `(${words.map(() => `${lower} LIKE ? ESCAPE '!'`).join(' AND ')})`,
    bindings: words.flatMap((w) => [...exprB, `%${likeEscape(w)}%`]),
  }
}

/**
 * like / contains / not_like on a serial id (as Payload's SQL adapters): an id matches itself only, and a term
 * that is no id matches nothing (not_like: everything), rather than a 400.
 */
function idMatch(
  expr: string,
  exprB: unknown[],
  op: 'contains' | 'like' | 'not_like',
  value: unknown,
): Compiled {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const id = /^\d{1,15}$/.test(text) ? Number(text) : undefined
  if (id === undefined) return { sql: op === 'not_like' ? '1 = 1' : '1 = 0', bindings: [] }
  return equality(expr, exprB, op === 'not_like' ? 'not_equals' : 'equals', id)
}

/**
 * like / contains / not_like on a UUID id (Payload's PostgreSQL adapter turns `like` on a uuid column into equals):
 * the operand, trimmed, compares as equals / not_equals; a term that is no UUID matches nothing (not_like:
 * everything), as on a serial id.
 */
function uuidMatch(
  expr: string,
  exprB: unknown[],
  op: 'contains' | 'like' | 'not_like',
  value: unknown,
  path: string,
): Compiled {
  const v = coerce('uuid', typeof value === 'string' ? value.trim() : value, path)
  return equality(expr, exprB, op === 'not_like' ? 'not_equals' : 'equals', v)
}

/** A single value holds all the listed values only when each equals it (MongoDB's $all on a scalar). */
function allOf(
  expr: string,
  exprB: unknown[],
  kind: Kind,
  value: unknown,
  path: string,
  field?: FlattenedField,
): Compiled {
  const list = toList(value, path).map((x) => coerce(kind, x, path, field))
  if (list.length === 0 || list.includes(NO_MATCH)) return { sql: '1 = 0', bindings: [] }
  return {
    sql: `(${list.map((x) => (x === null ? `${expr} IS NULL` : `${expr} = ?`)).join(' AND ')})`,
    bindings: list.flatMap((x) => (x === null ? [...exprB] : [...exprB, x])),
  }
}
