import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { compileSort, compileWhere } from '../../server/db/where.ts'
import { analyzeStatement, dialectName, useCms } from '../helpers/db.ts'

/** The database's own query plan shows the indexes at work for an indexed where + sort and a read by id. */
const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'posts',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'status', type: 'select', options: ['draft', 'published'], index: true },
          { name: 'views', type: 'number', index: true },
        ],
      },
    ],
  }),
  async (cms) => {
    for (let i = 0; i < 300; i++)
      await cms.create({
        collection: 'posts',
        data: { title: `P${i}`, status: i % 10 ? 'draft' : 'published', views: i },
      })
    // PostgreSQL reads 300 short rows (4 pages) faster with a sequential scan than through any index: there the
    // table gets the size where an index pays (10,000 rows), in one statement.
    if (dialectName === 'postgres')
      await cms.db.run(
        `INSERT INTO posts (title, status, views, "createdAt", "updatedAt")
         SELECT 'P' || i, CASE WHEN i % 10 = 0 THEN 'published' ELSE 'draft' END, i, ?, ?
         FROM generate_series(300, 9999) AS i`,
        ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      )
    await cms.db.run(analyzeStatement('posts'), [])
  },
)

async function plan(sql: string, bindings: unknown[]): Promise<string> {
  const { cms } = state
  if (dialectName === 'sqlite') {
    const rows = await cms.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, bindings)
    return rows.map((r) => r.detail).join(' | ')
  }
  if (dialectName === 'postgres') {
    const rows = await cms.db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, bindings)
    return rows.map((r) => r['QUERY PLAN'].trim()).join(' | ')
  }
  const rows = await cms.db.all<{ key: string | null; type: string }>(`EXPLAIN ${sql}`, bindings)
  return rows.map((r) => `type=${r.type} key=${r.key}`).join(' | ')
}

test('an indexed where + sort uses an index, not a full scan', async (t) => {
  const { cms } = state
  const collection = cms.collection('posts')
  const ctx = cms.queryContext()
  const where = compileWhere(ctx, collection, { status: { equals: 'published' } })
  const sort = compileSort(ctx, collection, '-views')
  const text = await plan(
    `SELECT t.* FROM ${cms.db.dialect.quote('posts')} AS t WHERE ${where.sql} ORDER BY ${sort.sql} LIMIT 10`,
    [...where.bindings, ...sort.bindings],
  )
  t.log(text)
  if (dialectName === 'sqlite') t.regex(text, /USING INDEX posts_(status|views)_idx/)
  else if (dialectName === 'postgres') {
    t.regex(text, /Index Scan (Backward )?using posts_(status|views)_idx/)
    t.notRegex(text, /Seq Scan/)
  } else t.regex(text, /key=posts_(status|views)_idx/)
})

test('a read by id uses the primary key', async (t) => {
  const text = await plan(
    `SELECT t.* FROM ${state.cms.db.dialect.quote('posts')} AS t WHERE t.id = ?`,
    [150],
  )
  t.log(text)
  if (dialectName === 'sqlite') t.regex(text, /USING INTEGER PRIMARY KEY/)
  else if (dialectName === 'postgres') t.regex(text, /Index Scan using posts_pkey/)
  else t.regex(text, /type=const key=PRIMARY/)
})
