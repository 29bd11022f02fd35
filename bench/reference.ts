/**
 * The reference server ("floor") of the benchmark: bare Koa over the same tables, no config, no access layer beyond
 * the same "published only" filter, the same JSON shapes. It is what a hand-written endpoint per route would cost;
 * the CMS is measured as a ratio against it.
 *   SQLite: better-sqlite3 with every statement prepared once and cached by its SQL text.
 *   MariaDB/MySQL: a mysql2 pool (10 connections) with prepared statements (`execute`, cached per connection).
 *   PostgreSQL: a pg pool (10 connections) with named, server-side prepared statements (bench/postgres.ts).
 *   Uploads: `POST /api/media` streams the file into <media dir> and resizes images (bench/reference-uploads.ts).
 * Usage: node bench/reference.ts <sqlite file | mysql://… | postgres://…> <port> [media dir]
 */
import Database from 'better-sqlite3'
import Koa from 'koa'
import mysql from 'mysql2/promise'
import { pgStore } from './postgres.ts'
import { floorUpload } from './reference-uploads.ts'

const [location, portArg, mediaDir] = process.argv.slice(2)

type Row = Record<string, unknown>
/** The few operations the routes need; every statement is parameterised. */
interface Store {
  all(sql: string, params: unknown[]): Promise<Row[]>
  /** Runs the statements of `fn` in one transaction. */
  transaction<T>(fn: (tx: Pick<Store, 'all' | 'run'>) => Promise<T>): Promise<T>
  run(sql: string, params: unknown[]): Promise<number>
}

function sqliteStore(file: string): Store {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  const cache = new Map<string, Database.Statement>()
  const stmt = (sql: string) => {
    let s = cache.get(sql)
    if (!s) cache.set(sql, (s = db.prepare(sql)))
    return s
  }
  let turn: Promise<void> = Promise.resolve()
  const store: Store = {
    all: async (sql, params) => stmt(sql).all(...params) as Row[],
    run: async (sql, params) => Number(stmt(sql).run(...params).lastInsertRowid),
    // One connection: transactions take turns (another request's reads may run in between, which is harmless).
    transaction: (fn) => {
      const run = async () => {
        stmt('BEGIN IMMEDIATE').run()
        try {
          const result = await fn(store)
          stmt('COMMIT').run()
          return result
        } catch (error) {
          stmt('ROLLBACK').run()
          throw error
        }
      }
      const result = turn.then(run)
      turn = result.then(
        () => undefined,
        () => undefined,
      )
      return result
    },
  }
  return store
}

function mysqlStore(url: string): Store {
  const u = new URL(url)
  const pool = mysql.createPool({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    connectionLimit: 10,
    charset: 'utf8mb4',
    supportBigNumbers: true,
    decimalNumbers: true,
  })
  const on = (c: mysql.Pool | mysql.PoolConnection): Pick<Store, 'all' | 'run'> => ({
    all: async (sql, params) => (await c.execute(sql, params as never))[0] as Row[],
    run: async (sql, params) =>
      ((await c.execute(sql, params as never))[0] as mysql.ResultSetHeader).insertId,
  })
  return {
    ...on(pool),
    transaction: async (fn) => {
      const c = await pool.getConnection()
      try {
        await c.query('START TRANSACTION')
        const result = await fn(on(c))
        await c.query('COMMIT')
        return result
      } catch (error) {
        await c.query('ROLLBACK')
        throw error
      } finally {
        c.release()
      }
    },
  }
}

const store: Store = /^(mysql|mariadb):\/\//.test(location)
  ? mysqlStore(location.replace(/^mariadb:/, 'mysql:'))
  : /^postgres(ql)?:\/\//.test(location)
    ? pgStore(location)
    : sqliteStore(location)

const JSON_COLUMNS = ['body', 'related', 'tags', 'layout']
const BOOLEAN_COLUMNS = ['featured']
/** Array fields: an empty one is `[]` in the CMS's answers (as Payload's), never null; an empty blocks field is null. */
const ARRAY_COLUMNS = ['tags']

function post(row: Row): Row {
  const doc: Row = {}
  for (const [k, v] of Object.entries(row)) {
    if (k.includes('__')) continue
    doc[k] =
      JSON_COLUMNS.includes(k) && typeof v === 'string'
        ? JSON.parse(v)
        : BOOLEAN_COLUMNS.includes(k) && v !== null
          ? v === 1
          : v
    if (ARRAY_COLUMNS.includes(k) && doc[k] === null) doc[k] = []
  }
  doc.seo = {
    title: row.seo__title,
    description: row.seo__description,
    noIndex: row.seo__noIndex === null ? null : row.seo__noIndex === 1,
  }
  doc.reference = row.reference__value
    ? { relationTo: row.reference__relationTo, value: row.reference__value }
    : null
  doc.location = row.location__lng === null ? null : [row.location__lng, row.location__lat]
  return doc
}

const PUBLISHED = "_status = 'published'"
const SQL = {
  list: `SELECT * FROM posts WHERE ${PUBLISHED} ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?`,
  count: `SELECT COUNT(*) AS n FROM posts WHERE ${PUBLISHED}`,
  byStatus: `SELECT * FROM posts WHERE ${PUBLISHED} AND status = ? ORDER BY views DESC, id DESC LIMIT 10`,
  countStatus: `SELECT COUNT(*) AS n FROM posts WHERE ${PUBLISHED} AND status = ?`,
  byId: `SELECT * FROM posts WHERE ${PUBLISHED} AND id = ?`,
  row: 'SELECT * FROM posts WHERE id = ?',
  insert:
    "INSERT INTO posts (title, slug, status, views, featured, _status, createdAt, updatedAt) VALUES (?, ?, 'draft', 0, 0, 'draft', ?, ?)",
  update: 'UPDATE posts SET excerpt = ?, updatedAt = ? WHERE id = ?',
  // The version row the CMS writes for a collection with drafts: the previous latest one steps down.
  unlatest: 'UPDATE _posts_versions SET latest = 0 WHERE parent = ? AND latest = 1',
  version:
    'INSERT INTO _posts_versions (parent, version__title, version__slug, version__excerpt, version__status, version__views, version__featured, version___status, version__createdAt, version__updatedAt, latest, createdAt, updatedAt) SELECT id, title, slug, excerpt, status, views, featured, _status, createdAt, updatedAt, 1, ?, ? FROM posts WHERE id = ?',
}
const inList = (n: number) => Array.from({ length: n }, () => '?').join(',')
const countOf = async (sql: string, params: unknown[]) =>
  Number((await store.all(sql, params))[0]!.n)

async function byIds(table: 'posts' | 'categories', ids: number[]): Promise<Map<unknown, Row>> {
  if (!ids.length) return new Map()
  const where = table === 'posts' ? `${PUBLISHED} AND ` : ''
  const rows = await store.all(
    `SELECT * FROM ${table} WHERE ${where}id IN (${inList(ids.length)})`,
    ids,
  )
  return new Map(rows.map((r) => [r.id, table === 'posts' ? post(r) : r]))
}
const unique = (ids: unknown[]) => [...new Set(ids.filter((id) => typeof id === 'number'))]
const relatedIds = (docs: Row[]) => unique(docs.flatMap((d) => (d.related as number[]) ?? []))

function page(docs: Row[], total: number, limit: number, pageNo: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit))
  return {
    docs,
    totalDocs: total,
    limit,
    totalPages,
    page: pageNo,
    pagingCounter: (pageNo - 1) * limit + 1,
    hasPrevPage: pageNo > 1,
    hasNextPage: pageNo < totalPages,
    prevPage: pageNo > 1 ? pageNo - 1 : null,
    nextPage: pageNo < totalPages ? pageNo + 1 : null,
  }
}

async function withCategories(docs: Row[]): Promise<Row[]> {
  const cats = await byIds('categories', unique(docs.map((d) => d.category)))
  for (const d of docs) d.category = cats.get(d.category) ?? d.category
  return docs
}

/**
 * REST population as the CMS does it for an anonymous reader: `category` and `related` (published posts only)
 * become documents down to `depth` levels, one batched query per collection and level; `author` stays an id
 * (users are not readable anonymously).
 */
async function populate(docs: Row[], depth: number): Promise<Row[]> {
  if (depth <= 0 || !docs.length) return docs
  await withCategories(docs)
  const related = await byIds('posts', relatedIds(docs))
  await populate([...related.values()], depth - 1)
  for (const d of docs)
    if (Array.isArray(d.related))
      d.related = (d.related as unknown[]).map((id) => related.get(id) ?? id)
  return docs
}

/** GraphQL `Post(id)` at depth 3: the post, its related posts, theirs, and every level's category name. */
async function postDepth3(id: number): Promise<Row | null> {
  const [row] = await store.all(SQL.byId, [id])
  if (!row) return null
  const doc = post(row)
  const level1 = await byIds('posts', relatedIds([doc]))
  const level2 = await byIds('posts', relatedIds([...level1.values()]))
  const cats = await byIds(
    'categories',
    unique([doc, ...level1.values(), ...level2.values()].map((d) => d.category)),
  )
  const category = (d: Row) => {
    const c = cats.get(d.category)
    return c ? { name: c.name } : null
  }
  const rel = (d: Row, level: Map<unknown, Row>) =>
    ((d.related as number[]) ?? []).map((rid) => level.get(rid)).filter((r) => r !== undefined)
  return {
    id: doc.id,
    title: doc.title,
    category: category(doc),
    related: rel(doc, level1).map((r1) => ({
      id: r1.id,
      title: r1.title,
      category: category(r1),
      related: rel(r1, level2).map((r2) => ({
        id: r2.id,
        title: r2.title,
        category: category(r2),
      })),
    })),
  }
}

async function body(ctx: Koa.Context): Promise<Row> {
  const chunks: Buffer[] = []
  for await (const c of ctx.req) chunks.push(c as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString()) as Row
}

const app = new Koa()
app.use(async (ctx) => {
  const q = ctx.query as Record<string, string>
  ctx.type = 'application/json'
  if (ctx.path === '/api/posts' && ctx.method === 'GET') {
    const limit = Number(q.limit ?? 10)
    const pageNo = Number(q.page ?? 1)
    if (q.where === 'status') {
      const docs = (await store.all(SQL.byStatus, [q.status])).map(post)
      ctx.body = JSON.stringify(page(docs, await countOf(SQL.countStatus, [q.status]), 10, 1))
      return
    }
    const docs = await populate(
      (await store.all(SQL.list, [limit, (pageNo - 1) * limit])).map(post),
      Number(q.depth ?? 2),
    )
    ctx.body = JSON.stringify(page(docs, await countOf(SQL.count, []), limit, pageNo))
    return
  }
  if (ctx.path === '/api/posts/count') {
    ctx.body = JSON.stringify({ totalDocs: await countOf(SQL.countStatus, [q.status]) })
    return
  }
  if (ctx.path === '/api/graphql-equivalent') {
    // Posts with two nested relations: each post's category and related posts.
    const docs = await withCategories((await store.all(SQL.list, [10, 0])).map(post))
    const related = await byIds('posts', relatedIds(docs))
    ctx.body = JSON.stringify({
      data: {
        Posts: {
          docs: docs.map((d) => ({
            id: d.id,
            title: d.title,
            category: d.category ? { name: (d.category as Row).name } : null,
            related: ((d.related as number[] | null) ?? [])
              .map((id) => related.get(id))
              .filter(Boolean)
              .map((r) => ({ title: (r as Row).title })),
          })),
        },
      },
    })
    return
  }
  const depth3 = /^\/api\/graphql-equivalent\/post\/(\d+)$/.exec(ctx.path)
  if (depth3) {
    ctx.body = JSON.stringify({ data: { Post: await postDepth3(Number(depth3[1])) } })
    return
  }
  const byId = /^\/api\/posts\/(\d+)$/.exec(ctx.path)
  if (byId && ctx.method === 'GET') {
    const [row] = await store.all(SQL.byId, [Number(byId[1])])
    if (!row) {
      ctx.status = 404
      ctx.body = JSON.stringify({ errors: [{ message: 'Not Found' }] })
      return
    }
    const [doc] = await populate([post(row)], Number(q.depth ?? 2))
    ctx.body = JSON.stringify(doc)
    return
  }
  if (ctx.path === '/api/posts' && ctx.method === 'POST') {
    const data = (await body(ctx)) as { title: string; slug: string }
    const now = new Date().toISOString()
    const row = await store.transaction(async (tx) => {
      const id = await tx.run(SQL.insert, [data.title, data.slug, now, now])
      await tx.run(SQL.version, [now, now, id])
      return (await tx.all(SQL.row, [id]))[0]!
    })
    ctx.status = 201
    ctx.body = JSON.stringify({ doc: post(row), message: 'Post successfully created.' })
    return
  }
  if (ctx.path === '/api/media' && ctx.method === 'POST' && mediaDir) {
    const created = await floorUpload(ctx.req, mediaDir, (sql, params) => store.run(sql, params))
    ctx.status = 201
    ctx.body = JSON.stringify(created)
    return
  }
  if (byId && ctx.method === 'PATCH') {
    const data = (await body(ctx)) as { excerpt: string }
    const id = Number(byId[1])
    const now = new Date().toISOString()
    const row = await store.transaction(async (tx) => {
      await tx.run(SQL.update, [data.excerpt, now, id])
      await tx.run(SQL.unlatest, [id])
      await tx.run(SQL.version, [now, now, id])
      return (await tx.all(SQL.row, [id]))[0]
    })
    if (!row) {
      ctx.status = 404
      ctx.body = JSON.stringify({ errors: [{ message: 'Not Found' }] })
      return
    }
    ctx.body = JSON.stringify({ doc: post(row), message: 'Updated successfully.' })
    return
  }
  ctx.status = 404
  ctx.body = JSON.stringify({ errors: [{ message: 'Route not found' }] })
})
// Uploads autocannon cuts off when a load ends fail mid-body; only other errors are worth printing.
app.on('error', (error: Error & { code?: string }, ctx?: Koa.Context) => {
  const cut = ctx?.req.readableAborted || ctx?.req.destroyed || error.code?.startsWith('HPE_')
  if (!cut) console.error(error)
})
app.listen(Number(portArg), '127.0.0.1', () => process.send?.('ready'))
