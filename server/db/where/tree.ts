import type { SanitizedCollection, Where } from '../../config/types.ts'
import { toList } from './coerce.ts'
import { isOperator, OPERATORS, WHERE_MAX_NESTING } from '../../config/where-operators.ts'
import { condition } from './path.ts'
import {
  fail,
  schemaOf,
  type Compiled,
  type QueryContext,
  type Scope,
  type State,
  bindingsOf,
} from './state.ts'
import { isRecord } from '../../utilities/is-record.ts'

/**
 * The `and`s the server builds around a caller's where (access, ownership): they add no nesting level. Kept in a
 * set rather than as a symbol property on the object: a defined property turned each where into a slow object for
 * the loop that reads it (measured in docs/performance.md, round 4).
 */
const COMBINED = new WeakSet<object>()

/** The Wheres the server holds (an access function's, a join field's): they may name hidden fields. */
const TRUSTED = new WeakSet<object>()

/**
 * `where` as the server's own condition: like Payload's access constraints it may name hidden fields (a read
 * access `{ hidden: { not_equals: true } }`), which a caller's where may not; adds no nesting level.
 */
export function trustedWhere(where: Where): Where {
  const wrapped: Where = { and: [where] }
  COMBINED.add(wrapped)
  TRUSTED.add(wrapped)
  return wrapped
}

/** `{ and: parts }`, not counted against the caller's nesting limit. */
export function combinedWhere(parts: Where[]): Where {
  const where: Where = { and: parts }
  COMBINED.add(where)
  return where
}

/** Compiles `where` for `collection` read from the table aliased `alias`; `near` is the distance to sort by, if asked. */
export function compileWhere(
  ctx: QueryContext,
  collection: SanitizedCollection,
  where: Where | undefined,
  alias = 't',
): Compiled & { near?: Compiled } {
  const schema = schemaOf(ctx, collection.slug)
  const state: State = { ctx, aliasCount: 0, depth: 0 }
  const compiled = tree(
    state,
    () => ({ kind: 'table', alias, placements: schema.placements, top: true, collection }),
    where,
    '',
  )
  return { ...compiled, near: state.near }
}

/** The Where tree: and/or lists (nesting at most WHERE_MAX_NESTING levels) and paths with their operators. */
export function tree(state: State, scopeFor: () => Scope, where: unknown, path: string): Compiled {
  if (where === undefined || where === null) return { sql: '1 = 1', bindings: [] }
  if (!isRecord(where)) fail(path || 'where', 'a where clause must be an object of field paths')
  const level = COMBINED.has(where) ? 0 : 1
  const trusted = TRUSTED.has(where) ? 1 : 0
  state.depth += level
  state.trusted = (state.trusted ?? 0) + trusted
  if (state.depth > WHERE_MAX_NESTING)
    fail(path || 'where', `where clauses nest at most ${WHERE_MAX_NESTING} levels deep`)
  const parts: Compiled[] = []
  for (const [key, value] of Object.entries(where)) {
    const lower = key.toLowerCase()
    if (lower === 'and' || lower === 'or') {
      const list = Array.isArray(value)
        ? value
        : value && typeof value === 'object'
          ? toList(value, key)
          : fail(key, `${key} expects a list of where clauses`)
      const subs = list.map((w, i) => tree(state, scopeFor, w, `${key}.${i}`))
      if (subs.length === 0) continue
      parts.push({
        sql: `(${subs.map((s) => s.sql).join(lower === 'and' ? ' AND ' : ' OR ')})`,
        bindings: bindingsOf(subs),
      })
      continue
    }
    parts.push(...pathConditions(state, scopeFor, key, value))
  }
  state.depth -= level
  state.trusted = (state.trusted ?? 0) - trusted
  if (parts.length === 0) return { sql: '1 = 1', bindings: [] }
  return {
    sql: parts.length === 1 ? parts[0].sql : `(${parts.map((p) => p.sql).join(' AND ')})`,
    bindings: bindingsOf(parts),
  }
}

/** `key: { op: value, … }`: one condition per operator on the dotted (or `__`-separated) path `key`. */
function pathConditions(
  state: State,
  scopeFor: () => Scope,
  key: string,
  value: unknown,
): Compiled[] {
  if (!isRecord(value)) fail(key, 'expects an object of operators, e.g. { "equals": "value" }')
  const segs = key.replace(/__/g, '.').split('.')
  if (segs.some((s) => s === '')) fail(key, 'empty path segment')
  return Object.entries(value).map(([opName, operand]) => {
    if (!isOperator(opName))
      fail(key, `unknown operator "${opName}"; use one of ${OPERATORS.join(', ')}`)
    return condition(state, scopeFor(), segs, opName, operand, key)
  })
}
