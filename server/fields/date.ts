import type { DateField } from '../config/types.ts'
import { NUMBER_OPS, ok } from './shared.ts'
import type { FieldType } from './types.ts'

/** The length of a stored date: an ISO 8601 string. */
export const DATE_LENGTH = 32

/** A point in time, stored as ISO 8601 text (which sorts and compares correctly for four-digit years). */
export const date: FieldType<DateField> = {
  name: 'date',
  column: () => ({ type: 'string', length: DATE_LENGTH, holds: 'date' }),
  whereKind: () => 'date',
  schema: () => ({ type: 'string', format: 'date-time' }),
  whereSchema: (_field, kit) => kit.ref('WhereDate'),
  output: () => 'DateTime',
  input: () => 'DateTime',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'DateTime', NUMBER_OPS),
  typescript: () => 'string',
  validate(_field, value) {
    const d = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null
    if (!d || Number.isNaN(d.getTime()))
      return `"${String(value).slice(0, 40)}" is not a valid date.`
    const year = d.getUTCFullYear()
    // ISO text compares as dates only up to 9999; PostgreSQL's timestamptz has no year 0000 (1 BC).
    if (year < 1 || year > 9999)
      return `"${String(value).slice(0, 40)}" is outside the years 0001–9999.`
    return ok(d.toISOString())
  },
}
