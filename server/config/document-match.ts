import type { FlattenedField, Where } from './types.ts'
import { OPERATORS } from './where-operators.ts'
import { isObject as isRecord } from '../fields/shared.ts'
import { fieldType, relationOf } from '../fields/registry.ts'

/**
 * A Where evaluated against one document in memory, where there is no query to AND it into: a global's `read` or
 * `update` access against the one stored global, and a stored webhook subscription's filter (and its owner's read
 * access) against the event's document. `doc` is the document as one locale reads it, at depth 0 (relations are
 * ids); a missing document matches nothing. Dotted paths reach into groups and every row of arrays (any row may
 * match); operators outside DOCUMENT_OPERATORS never match (access fails closed).
 */
export function documentMatches(doc: Record<string, unknown> | undefined, where: Where): boolean {
  if (!doc) return false
  return matchWhere(doc, where)
}

/** The operators `documentMatches` evaluates: all but `not_like`, `all` and `near`. */
const UNMATCHED = new Set(['not_like', 'all', 'near'])
export const DOCUMENT_OPERATORS: ReadonlySet<string> = new Set(
  OPERATORS.filter((op) => !UNMATCHED.has(op)),
)

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

/**
 * Why `documentMatches` cannot evaluate `where` on a document of `fields` as SQL would, or undefined: an operator
 * it does not evaluate, or a path that reaches through a relation (`author.name`: the event's document holds the
 * related id only). A stored subscription's filter is checked with it at write, so no filter silently never matches.
 */
export function documentWhereProblem(fields: FlattenedField[], where: Where): string | undefined {
  for (const [key, cond] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      for (const w of Array.isArray(cond) ? cond : []) {
        const problem = isRecord(w) ? documentWhereProblem(fields, w as Where) : undefined
        if (problem) return problem
      }
      continue
    }
    const through = relationCrossed(fields, key.split('.'))
    if (through)
      return `${key} reaches through the relation ${through}: a subscription's filter is matched on the event's document, which holds the related id only.`
    for (const op of Object.keys(isRecord(cond) ? cond : {}))
      if (!DOCUMENT_OPERATORS.has(op))
        return `${key}: the operator ${op} is not available in a subscription's filter (it takes ${[...DOCUMENT_OPERATORS].join(', ')}).`
  }
  return undefined
}

/** The relation field a dotted path goes past (other than a polymorphic one's `value`/`relationTo`), if any. */
function relationCrossed(fields: FlattenedField[], path: string[]): string | undefined {
  let level: FlattenedField[] | undefined = fields
  for (const [i, name] of path.entries()) {
    const field: FlattenedField | undefined = level?.find((f) => f.name === name)
    if (!field) return undefined
    const relation = relationOf(field)
    if (relation) {
      const rest = path.slice(i + 1)
      const own =
        rest.length === 0 ||
        (relation.polymorphic && rest.length === 1 && ['value', 'relationTo'].includes(rest[0]))
      return own ? undefined : path.slice(0, i + 1).join('.')
    }
    level = fieldType(field).children?.(field)
    if (!level) return undefined
  }
  return undefined
}
