import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { introspect } from '../../server/db/introspect.ts'
import { compileSort, compileWhere } from '../../server/db/where.ts'
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import { ConfigError, type CollectionConfig } from '../../server/index.ts'
import {
  analyzeStatement,
  dialectName,
  freshDatabaseUrl,
  rejectsWith,
  useCms,
} from '../helpers/db.ts'

/**
 * Payload's compound `indexes` on a collection: created on both databases (push and migrations diff them by
 * name), used by the planner for a where + sort over their columns, and a unique one refuses a repeated
 * combination with the 400 a unique field gives, naming its first field.
 */
const posts = (indexes?: CollectionConfig['indexes']): CollectionConfig => ({
  slug: 'posts',
  fields: [
    { name: 'title', type: 'text' },
    { name: 'status', type: 'select', options: ['draft', 'published'] },
    { name: 'views', type: 'number' },
    { name: 'author', type: 'relationship', relationTo: 'authors' },
    { name: 'slug', type: 'text' },
    { name: 'meta', type: 'group', fields: [{ name: 'section', type: 'text' }] },
    { name: 'a_rather_long_field_name_for_an_index', type: 'text' },
    { name: 'another_rather_long_field_name_too', type: 'text' },
  ],
  indexes,
})
const authors: CollectionConfig = { slug: 'authors', fields: [{ name: 'name', type: 'text' }] }
const INDEXES: CollectionConfig['indexes'] = [
  { fields: ['status', 'views'] },
  { fields: ['author', 'slug'], unique: true },
  { fields: ['meta.section', 'createdAt'] },
  { fields: ['a_rather_long_field_name_for_an_index', 'another_rather_long_field_name_too'] },
]

const state = useCms(
  test,
  defineConfig({ collections: [authors, posts(INDEXES)] }),
  async (cms) => {
    const a = await cms.create({ collection: 'authors', data: { name: 'Ann' } })
    for (let i = 0; i < 300; i++)
      await cms.create({
        collection: 'posts',
        data: { title: `P${i}`, status: i % 10 ? 'draft' : 'published', views: i, slug: `p${i}` },
      })
    await cms.db.run(analyzeStatement('posts'), [])
    return { author: a.id }
  },
)

const indexesOf = async (cms: Cms) =>
  (await introspect(cms.db, cms.db.dialect))
    .get('posts')!
    .indexes.filter((i) => i.columns.length > 1)
    .map((i) => ({ ...i }))
    .sort((a, b) => a.name.localeCompare(b.name))

test('each compound index is created with its columns in order, a long name shortened to 64 characters', async (t) => {
  const found = await indexesOf(state.cms)
  t.deepEqual(
    found.map((i) => [i.columns, i.unique]),
    [
      [['a_rather_long_field_name_for_an_index', 'another_rather_long_field_name_too'], false],
      [['author', 'slug'], true],
      [['meta__section', 'createdAt'], false],
      [['status', 'views'], false],
    ],
  )
  t.true(found.every((i) => i.name.length <= 64))
  // PostgreSQL cuts identifiers to 63 characters: the hash loses its last digit there (and push knows it).
  if (dialectName === 'postgres')
    t.regex(found[0].name, /^posts_a_rather_long_field_name_for_an_index_.{0,20}_[0-9a-f]{7}$/)
  else t.regex(found[0].name, /^posts_a_rather_long_field_name_for_an_index_.{0,20}_[0-9a-f]{8}$/)
})

test('a where + sort over the columns of a compound index reads through it', async (t) => {
  const { cms } = state
  const collection = cms.collection('posts')
  const ctx = cms.queryContext()
  const where = compileWhere(ctx, collection, { status: { equals: 'published' } })
  const sort = compileSort(ctx, collection, '-views')
  const sql = `SELECT t.* FROM ${cms.db.dialect.quote('posts')} AS t WHERE ${where.sql} ORDER BY ${sort.sql} LIMIT 10`
  const bindings = [...where.bindings, ...sort.bindings]
  const plan =
    dialectName === 'sqlite'
      ? (await cms.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, bindings))
          .map((r) => r.detail)
          .join(' | ')
      : dialectName === 'postgres'
        ? (await cms.db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, bindings))
            .map((r) => r['QUERY PLAN'].trim())
            .join(' | ')
        : (await cms.db.all<{ key: string | null }>(`EXPLAIN ${sql}`, bindings))
            .map((r) => `key=${r.key}`)
            .join(' | ')
  t.log(plan)
  t.regex(plan, /posts_status_views_idx/)
  t.notRegex(plan, /TEMP B-TREE/) // the index gives the order: no sort step
  // PostgreSQL: the index read backwards gives `-views` (DESC NULLS LAST, as the index is NULLS FIRST); only the
  // id tie-break is sorted, within equal views (an incremental sort, views presorted), never the whole match.
  if (dialectName === 'postgres') {
    t.regex(plan, /Index Scan Backward using posts_status_views_idx/)
    t.notRegex(plan, /(^|-> {2})Sort /)
    t.notRegex(plan, /Seq Scan/)
  }
  const found = await cms.find({
    collection: 'posts',
    where: { status: { equals: 'published' } },
    sort: '-views',
    limit: 3,
  })
  t.deepEqual(
    found.docs.map((d) => d.views),
    [290, 280, 270],
  )
})

test('MariaDB: a where on two indexed columns still pages through the compound index (no index intersection)', async (t) => {
  const { cms } = state
  if (dialectName !== 'mysql') return t.pass()
  // The optimizer intersected the single-column indexes of the where and sorted what they matched, where the
  // compound index gives the page in order (46 ms against 0.5 ms at 100,000 posts): intersection is off.
  const [row] = await cms.db.all<{ s: string }>('SELECT @@optimizer_switch AS s', [])
  t.regex(row.s, /index_merge_intersection=off/)
  const collection = cms.collection('posts')
  const ctx = cms.queryContext()
  const where = compileWhere(ctx, collection, {
    and: [{ status: { equals: 'published' } }, { author: { equals: state.data.author } }],
  })
  const sort = compileSort(ctx, collection, '-views')
  const sql = `EXPLAIN SELECT t.* FROM ${cms.db.dialect.quote('posts')} AS t WHERE ${where.sql} ORDER BY ${sort.sql} LIMIT 10`
  const plan = await cms.db.all<{ type: string; Extra: string | null }>(sql, [
    ...where.bindings,
    ...sort.bindings,
  ])
  t.log(plan)
  t.false(plan.some((r) => r.type === 'index_merge'))
})

test('a unique compound index refuses a repeated combination with 400 on its first field; other combinations pass', async (t) => {
  const { cms, data } = state
  await cms.create({ collection: 'posts', data: { author: data.author, slug: 'hello' } })
  await cms.create({ collection: 'posts', data: { author: data.author, slug: 'other' } })
  await cms.create({ collection: 'posts', data: { slug: 'hello' } })
  const e = await rejectsWith(
    t,
    cms.create({ collection: 'posts', data: { author: data.author, slug: 'hello' } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (e.data as { errors: { path: string; message: string }[] }).errors.map((x) => [
      x.path,
      x.message,
    ]),
    [['author', 'Value must be unique']],
  )
  const { totalDocs } = await cms.count({
    collection: 'posts',
    where: { slug: { equals: 'hello' } },
  })
  t.is(totalDocs, 2)
})

// A text column is unbounded until an index names it (then a VARCHAR); neither push nor a migration changes an
// existing column's type, so an index added later covers columns that were bounded already (docs/database.md).
const LATER: CollectionConfig['indexes'] = [
  { fields: ['status', 'views'] },
  { fields: ['author', 'createdAt'], unique: true },
]

test('push adds a compound index to a table that exists (and keeps its rows)', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-indexes-'))
  const fresh = dialectName !== 'sqlite' ? await freshDatabaseUrl() : undefined
  const url = fresh?.url ?? `sqlite:${path.join(dir, 'cms.db')}`
  try {
    const before = await getCms({
      config: defineConfig({ collections: [authors, posts()], db: { url } }),
    })
    await before.create({ collection: 'posts', data: { title: 'kept', status: 'draft', views: 1 } })
    t.deepEqual(await indexesOf(before), [])
    await before.destroy()
    const after = await getCms({
      config: defineConfig({ collections: [authors, posts(LATER)], db: { url } }),
    })
    t.deepEqual(
      (await indexesOf(after)).map((i) => [i.columns, i.unique]),
      [
        [['author', 'createdAt'], true],
        [['status', 'views'], false],
      ],
    )
    t.is((await after.find({ collection: 'posts' })).docs[0].title, 'kept')
    await after.destroy()
  } finally {
    await fresh?.drop()
    await rm(dir, { recursive: true, force: true })
  }
})

test('a compound index over anything but columns is a startup error naming it', (t) => {
  const fails = (indexes: unknown, message: string) =>
    t.throws(
      () =>
        sanitizeConfig(
          defineConfig({
            localization: { locales: ['en', 'fr'], defaultLocale: 'en' },
            collections: [
              authors,
              {
                ...posts(indexes as CollectionConfig['indexes']),
                fields: [
                  ...posts().fields,
                  { name: 'body', type: 'richText' },
                  { name: 'notes', type: 'textarea' },
                  { name: 'name', type: 'text', localized: true },
                ],
              },
            ],
          }),
        ),
      {
        instanceOf: ConfigError,
        message: (m) => m.includes('Collection "posts": indexes[0]') && m.includes(message),
      },
    )
  fails([{ fields: ['nope'] }], '"nope" is not a field of the collection')
  fails([{ fields: ['body', 'title'] }], '"body" is not stored in a column of its own')
  fails([{ fields: ['name'] }], '"name" is not stored in a column of its own')
  fails([{ fields: ['notes'] }], '"notes" is a textarea field')
  fails([{ fields: ['meta'] }], '"meta" is a group')
  fails([{ fields: [] }], 'fields must be a non-empty list')
  fails([{ fields: ['title', 'title'] }], 'names a field twice')
  fails([{ fields: ['title'], unique: 'yes' }], 'unique must be true or false')
})
