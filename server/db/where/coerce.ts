import { uuidOf } from '../../config/ids.ts'
import type { FlattenedField } from '../../config/types.ts'
import { fieldType } from '../../fields/registry.ts'
import { fail, type Kind } from './state.ts'
import { isRecord } from '../../utilities/is-record.ts'

/**
 * The operand of a uuid kind that is no UUID (`"not-a-uuid"`, `5`): no stored id equals it. PostgreSQL's `uuid`
 * column would refuse it (SQLSTATE 22P02), so it never reaches SQL: each operator decides here what it matches
 * (scalar.ts), the same on every database.
 */
export const NO_MATCH: unique symbol = Symbol('no match')

/** Operand coercion: a query-string or JSON operand turned into the value bound for a kind, or a QueryError. */
export function coerce(kind: Kind, value: unknown, path: string, field?: FlattenedField): unknown {
  if (value === null || (value === 'null' && kind !== 'text')) return null
  switch (kind) {
    case 'uuid':
      // Lower-cased, as stored: SQLite and MariaDB (binary collation) then match as PostgreSQL's uuid does.
      if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
        return uuidOf(value) ?? NO_MATCH
      return fail(path, `expects a string, got ${describe(value)}`)
    case 'text':
      if (typeof value === 'string') return value
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      if (typeof value === 'boolean' && field && fieldType(field).whereBooleans) return value
      return fail(path, `expects a string, got ${describe(value)}`)
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN
      if (!Number.isFinite(n)) fail(path, `expects a number, got ${describe(value)}`)
      return n
    }
    case 'id': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\d+$/.test(value)
            ? Number(value)
            : NaN
      if (!Number.isSafeInteger(n)) fail(path, `expects an integer id, got ${describe(value)}`)
      return n
    }
    case 'boolean':
      return coerceBoolean(value, path)
    case 'date':
      return coerceDate(value, path)
  }
}

function coerceBoolean(value: unknown, path: string): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true
  if (value === false || value === 'false' || value === 0 || value === '0') return false
  return fail(path, `expects true or false, got ${describe(value)}`)
}

function coerceDate(value: unknown, path: string): string {
  const d =
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : null
  if (!d || Number.isNaN(d.getTime())) fail(path, `expects a date, got ${describe(value)}`)
  // Past 9999 toISOString() is "+010000-…", which compares wrongly with stored ISO strings as text; PostgreSQL's
  // timestamptz has no year 0000 (1 BC).
  const year = d.getUTCFullYear()
  if (year < 1 || year > 9999)
    fail(path, `expects a date in the years 0001–9999, got ${describe(value)}`)
  return d.toISOString()
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
  if (Array.isArray(v)) return 'a list'
  if (v && typeof v === 'object') return 'an object'
  return String(v)
}

export function toList(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return value === '' ? [] : value.split(',')
  if (typeof value === 'number') return [value]
  if (isRecord(value)) {
    // qs turns `in[0]=a&in[1]=b` past its array limit into an object with index keys.
    const keys = Object.keys(value)
    if (keys.every((k) => /^\d+$/.test(k)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k])
  }
  return fail(path, `expects a list (an array or comma-separated values), got ${describe(value)}`)
}

/** A boolean operand (`exists`); null for a null one, as `coerce` gives. */
export function toBool(value: unknown, path: string): boolean | null {
  return value === null || value === 'null' ? null : coerceBoolean(value, path)
}

/** A LIKE pattern's text, lower-cased, with `!` escaping the wildcards (`ESCAPE '!'`). */
export const likeEscape = (s: string) => s.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)
