/** The distinct values of one field among a collection's documents (`findDistinct`), as parameterised SQL. */
import { idKind, readId } from '../config/ids.ts'
import type { SanitizedCollection, Where } from '../config/types.ts'
import { QueryError } from '../errors/query-error.ts'
import type { Executor } from './database.ts'
import { readValue } from './rows.ts'
import { tableOf, whereClause } from './store.ts'
import {
  compileWhere,
  sortExpression,
  valueExpression,
  type Compiled,
  type QueryContext,
} from './where.ts'

/**
 * The distinct values of one field (`path`: a value stored once per document, see `valueExpression`) among the
 * documents matching `where`: a derived table of the field's value (and of any other sort key) per document,
 * grouped by value. Sorted by the value (default ascending), or by another field's largest value per group.
 */
function distinctQuery(
  ctx: QueryContext,
  collection: SanitizedCollection,
  path: string,
  where: Where | undefined,
  sort?: string | string[],
) {
  const { table } = tableOf(ctx, collection)
  const value = valueExpression(ctx, collection, path)
  if (!value)
    throw new QueryError([
      { path, message: 'distinct values are listed for a field holding one value per document' },
    ])
  const w = compileWhere(ctx, collection, where)
  const keys = (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : [])
    .map((k) => String(k).trim())
    .filter(Boolean)
  const columns: Compiled[] = [{ sql: `${value.sql} AS v`, bindings: value.bindings }]
  const order: string[] = []
  for (const key of keys.length ? keys : [path]) {
    const desc = key.startsWith('-')
    const name = desc ? key.slice(1) : key.replace(/^\+/, '')
    if (name === path) {
      order.push(`d.v ${ctx.dialect.direction(desc)}`)
      continue
    }
    const other = sortExpression(ctx, collection, name, 't', desc)
    if (!other)
      throw new QueryError([
        { path: name, message: `cannot sort by "${name}": not a single sortable value` },
      ])
    columns.push({ sql: `${other.sql} AS s${columns.length}`, bindings: other.bindings })
    order.push(`MAX(d.s${columns.length - 1}) ${ctx.dialect.direction(desc)}`)
  }
  if (!order.some((o) => o.startsWith('d.v '))) order.push(`d.v ${ctx.dialect.direction(false)}`)
  const inner = `SELECT ${columns.map((c) => c.sql).join(', ')} FROM ${table} AS t${whereClause(w.sql)}`
  return {
    field: value.field,
    inner,
    order: order.join(', '),
    bindings: [...columns.flatMap((c) => c.bindings), ...w.bindings],
  }
}

export async function selectDistinct(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  path: string,
  opts: { where?: Where; sort?: string | string[]; limit?: number; offset?: number },
): Promise<unknown[]> {
  const q = distinctQuery(ctx, collection, path, opts.where, opts.sort)
  let sql = `SELECT d.v AS v FROM (${q.inner}) AS d GROUP BY d.v ORDER BY ${q.order}`
  const bindings = [...q.bindings]
  if (opts.limit !== undefined && opts.limit > 0) {
    sql += ' LIMIT ? OFFSET ?'
    bindings.push(opts.limit, opts.offset ?? 0)
  }
  const rows = await ex.all<{ v: unknown }>(sql, bindings)
  return rows.map((r) =>
    q.field
      ? readValue(q.field, r.v)
      : path === 'id'
        ? readId(idKind(collection), r.v)
        : r.v === null || r.v === undefined
          ? null
          : r.v,
  )
}

export async function countDistinct(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  path: string,
  where?: Where,
): Promise<number> {
  const q = distinctQuery(ctx, collection, path, where)
  const [row] = await ex.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT d.v FROM (${q.inner}) AS d GROUP BY d.v) AS g`,
    q.bindings,
  )
  return Number(row.n)
}
