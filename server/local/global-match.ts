import type { Where } from '../config/types.ts'
import { isRecord } from '../utilities/is-record.ts'

/**
 * Access on globals: a Where returned by a global's `read` or `update` access is evaluated against the one stored
 * document (there is no query to AND it into). `doc` is that document as the caller's locale reads it; a global
 * never saved matches nothing. Dotted paths reach into groups and every row of arrays (any row may match);
 * `near` and unknown operators never match (access fails closed).
 */
export function globalMatches(doc: Record<string, unknown> | undefined, where: Where): boolean {
  if (!doc) return false
  return matchWhere(doc, where)
}

function matchWhere(doc: Record<string, unknown>, where: Where): boolean {
  for (const [key, cond] of Object.entries(where)) {
    if (cond === undefined) continue
    if (key === 'and' || key === 'or') {
      const list: Where[] = Array.isArray(cond) ? cond : []
      const ok =
        key === 'and' ? list.every((w) => matchWhere(doc, w)) : list.some((w) => matchWhere(doc, w))
      if (!ok) return false
      continue
    }
    if (!cond || typeof cond !== 'object' || Array.isArray(cond)) return false
    const values = valuesAt(doc, key.split('.'))
    for (const [op, operand] of Object.entries(cond)) {
      if (!matchOperator(op, values, operand)) return false
    }
  }
  return true
}

/** Every value at `path` (arrays fan out; a hasMany value is its items); `[undefined]` when there is none. */
function valuesAt(value: unknown, path: string[]): unknown[] {
  if (Array.isArray(value))
    return value.length ? value.flatMap((v) => valuesAt(v, path)) : [undefined]
  if (path.length === 0) return [value]
  if (!isRecord(value)) return [undefined]
  return valuesAt(value[path[0]], path.slice(1))
}

const isSet = (v: unknown) => v !== undefined && v !== null
const same = (a: unknown, b: unknown): boolean => {
  if (!isSet(a) || !isSet(b)) return !isSet(a) && !isSet(b)
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b)
  return String(a) === String(b)
}
const list = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]

function compare(a: unknown, b: unknown): number | undefined {
  if (!isSet(a) || !isSet(b)) return undefined
  if (typeof a === 'number' || typeof b === 'number') {
    const [x, y] = [Number(a), Number(b)]
    return Number.isNaN(x) || Number.isNaN(y) ? undefined : x - y
  }
  const [x, y] = [Date.parse(String(a)), Date.parse(String(b))]
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0
}

function matchOperator(op: string, values: unknown[], operand: unknown): boolean {
  const cmp = (test: (c: number) => boolean) =>
    values.some((v) => {
      const c = compare(v, operand)
      return c !== undefined && test(c)
    })
  const text = (v: unknown) =>
    isSet(v) && typeof v !== 'object' ? String(v).toLowerCase() : undefined
  switch (op) {
    case 'equals':
      return values.some((v) => same(v, operand))
    case 'not_equals':
      return !values.some((v) => same(v, operand))
    case 'in':
      return values.some((v) => list(operand).some((o) => same(v, o)))
    case 'not_in':
      return !values.some((v) => list(operand).some((o) => same(v, o)))
    case 'exists':
      return values.some(isSet) === (operand === true || operand === 'true')
    case 'greater_than':
      return cmp((c) => c > 0)
    case 'greater_than_equal':
      return cmp((c) => c >= 0)
    case 'less_than':
      return cmp((c) => c < 0)
    case 'less_than_equal':
      return cmp((c) => c <= 0)
    case 'contains':
      return values.some((v) => text(v)?.includes(String(operand).toLowerCase()) ?? false)
    case 'like': {
      const words = String(operand).toLowerCase().split(/\s+/).filter(Boolean)
      return values.some((v) => {
        const t = text(v)
        return t !== undefined && words.every((w) => t.includes(w))
      })
    }
    default:
      return false
  }
}
