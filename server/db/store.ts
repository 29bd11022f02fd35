import { idKind, readId, relationKindOf, stringIds, uuidOf } from '../config/ids.ts'
import { relationOf } from '../fields/registry.ts'
import type { ID, SanitizedCollection, Where } from '../config/types.ts'
import { ValidationError } from '../errors/validation-error.ts'
import type { Executor } from './database.ts'
import { rowToDoc } from './rows.ts'
import { deleteUniqueValues, writeUniqueValues } from './unique-values.ts'
import { schemaOf } from './where/state.ts'
import { compileSort, compileWhere, type Compiled, type QueryContext } from './where.ts'

/** Row-level reads and writes of one collection, as parameterised SQL. No hooks, no access: that is the Local layer's. */
export interface SelectOptions {
  where?: Where
  sort?: string | string[]
  limit?: number
  offset?: number
  /** Told the stored size of the rows fetched (`storedSize`) before they are decoded: a request's read budget. */
  charge?: (size: number) => void
}

/**
 * The stored size of fetched rows: the length of their text values (JSON columns come back as text on every
 * database), so a response's size is known before any JSON is parsed. A number counts 8.
 */
export function storedSize(rows: Record<string, unknown>[]): number {
  let size = 0
  for (const row of rows)
    for (const key in row) {
      const v = row[key]
      size += typeof v === 'string' ? v.length : 8
    }
  return size
}

/** No WHERE at all for an empty filter: SQLite counts a whole table from its b-tree without a scan only then. */
export const whereClause = (sql: string) => (sql === '1 = 1' ? '' : ` WHERE ${sql}`)

export function tableOf(ctx: QueryContext, collection: SanitizedCollection) {
  const schema = schemaOf(ctx, collection.slug)
  return { schema, table: ctx.dialect.quote(schema.table.name) }
}

export async function selectDocs(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  opts: SelectOptions,
) {
  const { schema, table } = tableOf(ctx, collection)
  const where = compileWhere(ctx, collection, opts.where)
  const sort = compileSort(ctx, collection, opts.sort)
  const order = where.near ? `${where.near.sql} ASC, ${sort.sql}` : sort.sql
  const bindings = [...where.bindings, ...(where.near?.bindings ?? []), ...sort.bindings]
  let sql = `SELECT t.* FROM ${table} AS t${whereClause(where.sql)} ORDER BY ${order}`
  if (opts.limit !== undefined && opts.limit > 0) {
    sql += ' LIMIT ? OFFSET ?'
    bindings.push(opts.limit, opts.offset ?? 0)
  }
  const rows = await ex.all<Record<string, unknown>>(sql, bindings)
  opts.charge?.(storedSize(rows))
  return rows.map((r) => rowToDoc(schema, r))
}

export async function countDocs(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  where?: Where,
): Promise<number> {
  return countRows(ex, countFrom(ctx, collection, where))
}

/** A count of the rows of a `FROM … WHERE …` (countFrom). */
export async function countRows(
  ex: Executor,
  { from, bindings }: { from: string; bindings: unknown[] },
): Promise<number> {
  const [row] = await ex.all<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, bindings)
  return Number(row.n)
}

/** The `FROM … WHERE …` of a count of `collection`'s documents matching `where`, and its bindings. */
export function countFrom(
  ctx: QueryContext,
  collection: SanitizedCollection,
  where?: Where,
): { from: string; bindings: unknown[] } {
  const { table } = tableOf(ctx, collection)
  const w = compileWhere(ctx, collection, where)
  return { from: `FROM ${table} AS t${whereClause(w.sql)}`, bindings: w.bindings }
}

/** Ids of the documents matching `where`, in sort order (bulk update and delete). */
export async function selectIds(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  where: Where | undefined,
  sort?: string | string[],
  limit?: number,
  forUpdate = false,
): Promise<ID[]> {
  const { table } = tableOf(ctx, collection)
  const w = compileWhere(ctx, collection, where)
  const s = compileSort(ctx, collection, sort)
  let sql = `SELECT t.id FROM ${table} AS t${whereClause(w.sql)} ORDER BY ${s.sql}`
  const bindings = [...w.bindings, ...s.bindings]
  if (limit) {
    sql += ' LIMIT ?'
    bindings.push(limit)
  }
  if (forUpdate) sql += ctx.dialect.forUpdate
  const rows = await ex.all<{ id: unknown }>(sql, bindings)
  return rows.map((r) => readId(idKind(collection), r.id))
}

/**
 * An id as `collection`'s id column compares it, or undefined when no row can have it: a UUID collection's ids are
 * UUIDs (lower-cased here), and PostgreSQL's uuid column refuses any other operand (SQLSTATE 22P02), so a path id
 * like `not-a-uuid` is decided here, before SQL, as a missing row on every database.
 */
export function boundId(collection: SanitizedCollection, id: ID): ID | undefined {
  return collection.idType === 'uuid' ? uuidOf(id) : id
}

export async function selectById(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
  forUpdate = false,
) {
  const { schema, table } = tableOf(ctx, collection)
  const key = boundId(collection, id)
  if (key === undefined) return undefined
  const rows = await ex.all(
    `SELECT t.* FROM ${table} AS t WHERE t.id = ?${forUpdate ? ctx.dialect.forUpdate : ''}`,
    [key],
  )
  return rows[0] ? rowToDoc(schema, rows[0]) : undefined
}

/** Ids among `ids` that exist in `collection` (one query). */
export async function existingIds(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  ids: ID[],
): Promise<Set<ID>> {
  const keys = ids.flatMap((id) => boundId(collection, id) ?? [])
  if (keys.length === 0) return new Set()
  const { table } = tableOf(ctx, collection)
  const rows = await ex.all<{ id: unknown }>(
    `SELECT id FROM ${table} WHERE id IN (${keys.map(() => '?').join(', ')})`,
    keys,
  )
  return new Set(rows.map((r) => readId(idKind(collection), r.id)))
}

/** Translates a unique violation into Payload's 400 "Value must be unique" on the field's path; rethrows anything else. */
function uniqueError(
  error: unknown,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id?: ID,
): never {
  const key = ctx.dialect.uniqueViolation(error)
  const path = key ? schemaOf(ctx, collection.slug).uniquePaths.get(key) : undefined
  if (path)
    throw new ValidationError({
      collection: collection.slug,
      id,
      errors: [{ message: 'Value must be unique', path, label: path }],
    })
  throw error
}

export async function insertRow(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  row: Record<string, unknown>,
): Promise<ID> {
  const { table } = tableOf(ctx, collection)
  const cols = Object.keys(row)
  const q = ctx.dialect.quote
  const given = row.id !== undefined && row.id !== null
  let id: ID
  const sql =
    (cols.length
      ? `INSERT INTO ${table} (${cols.map(q).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`
      : ctx.dialect.insertDefaults(table)) + (ctx.dialect.returningId ?? '')
  try {
    const { insertId } = await ex.run(
      sql,
      cols.map((c) => row[c]),
    )
    // A custom or UUID id is written with the row; a serial one comes from the database.
    id = given ? (row.id as ID) : insertId
  } catch (error) {
    uniqueError(error, ctx, collection)
  }
  await writeUniqueValues(ex, ctx, collection, id, row, true)
  return id
}

export async function updateRow(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
  row: Record<string, unknown>,
): Promise<void> {
  const cols = Object.keys(row)
  const key = boundId(collection, id)
  if (cols.length === 0 || key === undefined) return
  const { table } = tableOf(ctx, collection)
  const q = ctx.dialect.quote
  try {
    await ex.run(`UPDATE ${table} SET ${cols.map((c) => `${q(c)} = ?`).join(', ')} WHERE id = ?`, [
      ...cols.map((c) => row[c]),
      key,
    ])
  } catch (error) {
    uniqueError(error, ctx, collection, id)
  }
  await writeUniqueValues(ex, ctx, collection, key, row, false)
}

export async function deleteRow(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
): Promise<number> {
  const { table } = tableOf(ctx, collection)
  const key = boundId(collection, id)
  if (key === undefined) return 0
  await deleteUniqueValues(ex, ctx, collection, key)
  return (await ex.run(`DELETE FROM ${table} WHERE id = ?`, [key])).changes
}

/** One join field's read for a batch of parent documents (server/local/joins.ts). */
export interface JoinedSelect {
  /** Dotted path of the relationship field of `collection` that relates to the parents. */
  on: string
  /** The parents' collection (a polymorphic relationship names it next to the id). */
  parent: string
  parentIds: ID[]
  where?: Where
  sort?: string | string[]
  /** Documents per parent from `offset` on; 0: all. */
  limit: number
  offset: number
  /** Also count every match per parent. */
  count: boolean
}
export interface JoinedRow {
  parent: ID
  id: ID
  /** Position among the parent's matches, from 1, in sort order. */
  rn: number
  total?: number
}

/**
 * The documents of `collection` whose relationship `on` holds one of `parentIds`, the page of each parent at once:
 * one statement for any number of parents, numbered per parent by a window function
 * (`ROW_NUMBER() OVER (PARTITION BY parent ORDER BY …)`). A hasMany relationship is expanded into one row per
 * related id (json_each / JSON_TABLE), so a document relating to several parents counts for each. Returns ids
 * only, and the row after each parent's page (to tell whether there is a next page).
 */
export async function selectJoined(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  opts: JoinedSelect,
): Promise<JoinedRow[]> {
  if (opts.parentIds.length === 0) return []
  const { schema, table } = tableOf(ctx, collection)
  const d = ctx.dialect
  const q = d.quote
  const segs = opts.on.split('.')
  let placements = schema.placements
  let placement = placements.get(segs[0])
  for (const seg of segs.slice(1)) {
    if (placement?.kind !== 'group') break
    placements = placement.children
    placement = placements.get(seg)
  }
  // The parent id of each row, the table expanded by a hasMany relationship, and what the relation must name.
  let parent: Compiled
  let from = `${table} AS t`
  const match: Compiled[] = []
  const field = placement && 'field' in placement ? placement.field : undefined
  const relation = field && relationOf(field)
  const parentKind = relation ? relationKindOf(field, opts.parent) : 'integer'
  const scalar = stringIds(parentKind) ? 'text' : 'number'
  if (placement?.kind === 'column') parent = { sql: `t.${q(placement.column)}`, bindings: [] }
  else if (placement?.kind === 'polymorphic') {
    parent = { sql: `t.${q(placement.value)}`, bindings: [] }
    match.push({ sql: `t.${q(placement.relationTo)} = ?`, bindings: [opts.parent] })
  } else if (placement?.kind === 'json' && relation) {
    const poly = relation.polymorphic
    from += `, ${d.jsonEach(`t.${q(placement.column)}`, 'k', poly ? 'rows' : 'scalars')}`
    if (poly) {
      parent = { sql: d.jsonValue('k.value', scalar), bindings: ['$.value'] }
      match.push({
        sql: `${d.jsonValue('k.value', 'text')} = ?`,
        bindings: ['$.relationTo', opts.parent],
      })
    } else parent = { sql: d.eachValue('k', scalar), bindings: [] }
  } else throw new Error(`join: "${opts.on}" is not a relationship of ${collection.slug}`)

  const where = compileWhere(ctx, collection, opts.where)
  const sort = compileSort(ctx, collection, opts.sort)
  const ids = opts.parentIds.map(() => '?').join(', ')
  const conditions = [
    { sql: `${parent.sql} IN (${ids})`, bindings: [...parent.bindings, ...opts.parentIds] },
    ...match,
    ...(where.sql === '1 = 1' ? [] : [{ sql: `(${where.sql})`, bindings: where.bindings }]),
  ]
  const window = `PARTITION BY ${parent.sql}`
  const select = [
    `t.${q('id')} AS id`,
    `${parent.sql} AS parent`,
    `ROW_NUMBER() OVER (${window} ORDER BY ${sort.sql}) AS rn`,
    ...(opts.count ? [`COUNT(*) OVER (${window}) AS total`] : []),
  ].join(', ')
  const bindings = [
    ...parent.bindings,
    ...parent.bindings,
    ...sort.bindings,
    ...(opts.count ? parent.bindings : []),
    ...conditions.flatMap((c) => c.bindings),
  ]
  // The page of each parent, plus the row after it (is there a next page?) and, to carry the count, the first.
  let page = 'x.rn > ?'
  bindings.push(opts.offset)
  if (opts.limit > 0) {
    page += ' AND x.rn <= ?'
    bindings.push(opts.offset + opts.limit + 1)
  }
  if (opts.count) page = `(x.rn = 1 OR (${page}))`
  let sql =
    `SELECT x.id, x.parent, x.rn${opts.count ? ', x.total' : ''} FROM (SELECT ${select} FROM ${from}` +
    ` WHERE ${conditions.map((c) => c.sql).join(' AND ')}) AS x WHERE ${page}`
  sql += ' ORDER BY x.parent, x.rn'
  const rows = await ex.all<Record<string, unknown>>(sql, bindings)
  return rows.map((r) => ({
    parent: readId(parentKind, r.parent),
    id: readId(idKind(collection), r.id),
    rn: Number(r.rn),
    ...(opts.count ? { total: Number(r.total) } : {}),
  }))
}
