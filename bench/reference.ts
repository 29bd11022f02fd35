/**
 * The reference server of the benchmark: bare Koa and better-sqlite3 over the same tables, cached prepared
 * statements, no config, no access layer beyond the same "published only" filter, the same JSON shapes. It is
 * what a hand-written endpoint per route would cost; the CMS is measured as a ratio against it.
 * Usage: node bench/reference.ts <sqlite file> <port>
 */
import Database from 'better-sqlite3'
import Koa from 'koa'

const [file, portArg] = process.argv.slice(2)
const db = new Database(file)
db.pragma('journal_mode = WAL')
db.pragma('busy_timeout = 5000')

type Row = Record<string, unknown>
const JSON_COLUMNS = ['body', 'related', 'tags', 'layout']

function post(row: Row): Row {
  const doc: Row = {}
  for (const [k, v] of Object.entries(row)) {
    if (k.includes('__')) continue
    doc[k] =
      JSON_COLUMNS.includes(k) && typeof v === 'string'
        ? JSON.parse(v)
        : k === 'featured'
          ? v === 1
          : v
  }
  doc.seo = {
    title: row.seo__title,
    description: row.seo__description,
    noIndex: row.seo__noIndex === 1,
  }
  doc.reference = row.reference__value
    ? { relationTo: row.reference__relationTo, value: row.reference__value }
    : null
  doc.location = row.location__lng === null ? null : [row.location__lng, row.location__lat]
  return doc
}

const stmt = {
  list: db.prepare(
    "SELECT * FROM posts WHERE _status = 'published' ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?",
  ),
  count: db.prepare("SELECT COUNT(*) AS n FROM posts WHERE _status = 'published'"),
  byStatus: db.prepare(
    "SELECT * FROM posts WHERE _status = 'published' AND status = ? ORDER BY views DESC, id DESC LIMIT 10",
  ),
  countStatus: db.prepare(
    "SELECT COUNT(*) AS n FROM posts WHERE _status = 'published' AND status = ?",
  ),
  byId: db.prepare("SELECT * FROM posts WHERE _status = 'published' AND id = ?"),
  insert: db.prepare(
    "INSERT INTO posts (title, slug, status, views, featured, _status, createdAt, updatedAt) VALUES (?, ?, 'draft', 0, 0, 'draft', ?, ?)",
  ),
}
const categoriesByIds = (ids: number[]) =>
  ids.length
    ? (db
        .prepare(`SELECT * FROM categories WHERE id IN (${ids.map(() => '?').join(',')})`)
        .all(...ids) as Row[])
    : []
const postsByIds = (ids: number[]) =>
  ids.length
    ? (
        db
          .prepare(
            `SELECT * FROM posts WHERE _status = 'published' AND id IN (${ids.map(() => '?').join(',')})`,
          )
          .all(...ids) as Row[]
      ).map(post)
    : []

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

function withCategories(docs: Row[]): Row[] {
  const cats = new Map(
    categoriesByIds([...new Set(docs.map((d) => d.category as number).filter(Boolean))]).map(
      (c) => [c.id, c],
    ),
  )
  for (const d of docs) d.category = cats.get(d.category as number) ?? d.category
  return docs
}

const app = new Koa()
app.use(async (ctx) => {
  const q = ctx.query as Record<string, string>
  ctx.type = 'application/json'
  if (ctx.path === '/api/posts' && ctx.method === 'GET') {
    const limit = Number(q.limit ?? 10)
    const pageNo = Number(q.page ?? 1)
    if (q.where === 'status') {
      const docs = (stmt.byStatus.all(q.status) as Row[]).map(post)
      ctx.body = JSON.stringify(
        page(docs, (stmt.countStatus.get(q.status) as { n: number }).n, 10, 1),
      )
      return
    }
    let docs = (stmt.list.all(limit, (pageNo - 1) * limit) as Row[]).map(post)
    if (q.depth === '1') docs = withCategories(docs)
    ctx.body = JSON.stringify(page(docs, (stmt.count.get() as { n: number }).n, limit, pageNo))
    return
  }
  if (ctx.path === '/api/posts/count') {
    ctx.body = JSON.stringify({ totalDocs: (stmt.countStatus.get(q.status) as { n: number }).n })
    return
  }
  if (ctx.path === '/api/graphql-equivalent') {
    // Posts with two nested relations: each post's category and related posts.
    const docs = (stmt.list.all(10, 0) as Row[]).map(post)
    withCategories(docs)
    const related = new Map(
      postsByIds([...new Set(docs.flatMap((d) => (d.related as number[] | null) ?? []))]).map(
        (p) => [p.id, p],
      ),
    )
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
  const byId = /^\/api\/posts\/(\d+)$/.exec(ctx.path)
  if (byId && ctx.method === 'GET') {
    const row = stmt.byId.get(Number(byId[1])) as Row | undefined
    if (!row) {
      ctx.status = 404
      ctx.body = JSON.stringify({ errors: [{ message: 'Not Found' }] })
      return
    }
    const doc = post(row)
    const rel = withCategories(postsByIds((doc.related as number[] | null) ?? []))
    withCategories([doc])
    doc.related = rel
    ctx.body = JSON.stringify(doc)
    return
  }
  if (ctx.path === '/api/posts' && ctx.method === 'POST') {
    const chunks: Buffer[] = []
    for await (const c of ctx.req) chunks.push(c as Buffer)
    const data = JSON.parse(Buffer.concat(chunks).toString()) as { title: string; slug: string }
    const now = new Date().toISOString()
    const id = stmt.insert.run(data.title, data.slug, now, now).lastInsertRowid
    ctx.status = 201
    ctx.body = JSON.stringify({
      doc: post(db.prepare('SELECT * FROM posts WHERE id = ?').get(id) as Row),
      message: 'Post successfully created.',
    })
    return
  }
  ctx.status = 404
  ctx.body = JSON.stringify({ errors: [{ message: 'Route not found' }] })
})
app.listen(Number(portArg), '127.0.0.1', () => process.send?.('ready'))
