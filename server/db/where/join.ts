import type { JoinField } from '../../config/types.ts'
import { NEGATIVE, type Operator } from '../../config/where-operators.ts'
import { relationOf } from '../../fields/registry.ts'
import type { Placement } from '../schema.ts'
import { toBool } from './coerce.ts'
import { kindOf, relatedIdExpr, scalarKind } from './kinds.ts'
import { condition } from './path.ts'
import {
  relatedTable,
  fail,
  type Compiled,
  type Scope,
  type State,
  type Test,
  bindingsOf,
} from './state.ts'
import { tree, trustedWhere } from './tree.ts'

/**
 * A path through a join field, as Payload queries it: `posts.title` matches a document when one of its joined
 * documents (those whose relationship `on` holds it, and that match the join's own `where`) matches `title`;
 * `posts` alone compares the joined documents' ids, and `posts exists` asks whether there is any. A negative
 * operator (`not_equals`, `not_in`, `not_like`) matches when no joined document matches the positive one, so
 * `equals x` and `not_equals x` partition a collection as on every other field.
 */
export function joinCondition(
  state: State,
  outer: Scope & { kind: 'table' },
  field: JoinField,
  t: Test,
): Compiled {
  const { path } = t
  const { related, schema, alias, scope } = relatedTable(state, field.collection, 'j')
  let op: Operator = t.op
  let negate = false
  const rest = t.rest.length ? t.rest : ['id']
  let inner: Compiled = { sql: '1 = 1', bindings: [] }
  if (t.rest.length === 0 && op === 'exists') negate = !toBool(t.value, path)
  else {
    const positive = NEGATIVE[op]
    if (positive) [op, negate] = [positive, true]
    inner = condition(state, scope(), rest, op, t.value, path)
  }
  const parts = [inner]
  if (field.where) parts.push(tree(state, scope, trustedWhere(field.where), path))
  const access = state.ctx.relationAccess?.get(related.slug)
  if (access && access !== true) parts.push(tree(state, scope, trustedWhere(access), path))
  const ids = referencedIds(state, schema.placements, field, alias)
  const q = state.ctx.dialect.quote
  const sql =
    `${outer.alias}.${q('id')} IN (SELECT ${ids.sql} FROM ${q(schema.table.name)} AS ${alias}` +
    `${ids.from} WHERE ${ids.sql} IS NOT NULL AND ${parts.map((p) => p.sql).join(' AND ')})`
  return { sql: negate ? `NOT ${sql}` : sql, bindings: bindingsOf(parts) }
}

/**
 * The ids a joined document's relationship `on` holds (a column or a hasMany list; not a polymorphic
 * relationship), as an expression over the row `alias` and what the FROM needs besides the table.
 */
function referencedIds(
  state: State,
  placements: Map<string, Placement>,
  field: JoinField,
  alias: string,
): { sql: string; from: string } {
  const d = state.ctx.dialect
  const segs = field.on.split('.')
  let p = placements.get(segs[0])
  for (const seg of segs.slice(1)) p = p?.kind === 'group' ? p.children.get(seg) : undefined
  const relation = p && p.kind !== 'group' && 'field' in p ? relationOf(p.field) : undefined
  if (p?.kind === 'column') return { sql: `${alias}.${d.quote(p.column)}`, from: '' }
  if (p?.kind === 'json' && relation?.hasMany && !relation.polymorphic) {
    const each = `${alias}_e`
    return {
      sql: relatedIdExpr(d, d.eachValue(each, scalarKind(kindOf(p.field))), kindOf(p.field)),
      from: `, ${d.jsonEach(`${alias}.${d.quote(p.column)}`, each, 'scalars')}`,
    }
  }
  return fail(
    field.name,
    `the join field "${field.name}" is on a polymorphic relationship ("${field.on}"), which cannot be queried through; query "${field.collection}" instead`,
  )
}
