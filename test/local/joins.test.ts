/**
 * Join fields (issue 19, item 4) through the Local API, on the test database: virtual reverse relationships read
 * as `{ docs, hasNextPage, totalDocs? }`, paged, sorted and filtered by `joins`, under the joined collection's
 * read access, in one statement per join field whatever the number of documents.
 */
import test from 'ava'
import type { Config } from '../../server/config/types.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { countQueries, rejectsWith, useCms } from '../helpers/db.ts'
import { joinsConfig, seedJoins } from '../fixtures/joins.ts'

const s = useCms(test, joinsConfig, seedJoins)
type Doc = Record<string, any>
const byId = (id: number, extra: Record<string, unknown> = {}) =>
  s.cms.findByID({ collection: 'categories', id, depth: 0, ...extra }) as Promise<Doc>

test('a join lists the documents relating to each document, as ids at depth 0, by the field options', async (t) => {
  const { cats, posts, notes } = s.data
  const news = await byId(cats[0].id)
  const ids = (...n: number[]) => n.map((i) => posts[i].id)
  t.deepEqual(news.posts, { docs: ids(0, 1, 2), hasNextPage: false })
  // where (published only), defaultSort (-title), defaultLimit (1)
  t.deepEqual(news.published, { docs: ids(2), hasNextPage: true })
  // on a relationship inside a group, from a join inside a group
  t.deepEqual(news.meta, { note: null, featured: { docs: ids(4), hasNextPage: false } })
  // on a hasMany relationship
  t.deepEqual(news.tagged, { docs: ids(0, 1), hasNextPage: false })
  // on a polymorphic relationship: only the notes about categories
  t.deepEqual(news.mentions, { docs: [notes[1].id, notes[0].id], hasNextPage: false })
  const tech = await byId(cats[1].id)
  t.deepEqual(tech.posts.docs, ids(3, 4))
  t.deepEqual(tech.tagged.docs, ids(0, 1, 2, 3, 4))
  t.deepEqual(tech.mentions.docs, [])
  const empty = await byId(cats[2].id)
  t.deepEqual(empty.posts, { docs: [], hasNextPage: false })
  t.deepEqual(empty.meta.featured, { docs: [], hasNextPage: false })
})

test('joins pages, sorts, filters and counts each join; false leaves one or all out', async (t) => {
  const { cats, posts } = s.data
  const id = cats[0].id
  const page = (o: Record<string, unknown>) =>
    byId(id, { joins: { posts: o } }).then((d) => d.posts)
  t.deepEqual(await page({ limit: 2 }), { docs: [posts[0].id, posts[1].id], hasNextPage: true })
  t.deepEqual(await page({ limit: 2, page: 2, count: true }), {
    docs: [posts[2].id],
    hasNextPage: false,
    totalDocs: 3,
  })
  // A page past the end still counts.
  t.deepEqual(await page({ limit: 2, page: 5, count: true }), {
    docs: [],
    hasNextPage: false,
    totalDocs: 3,
  })
  t.deepEqual((await page({ sort: '-title' })).docs, [posts[2].id, posts[1].id, posts[0].id])
  // The request's where is ANDed with the field's.
  t.deepEqual((await page({ where: { title: { not_equals: 'P1' } } })).docs, [
    posts[0].id,
    posts[2].id,
  ])
  const published = await byId(id, {
    joins: { published: { where: { title: { equals: 'P1' } }, count: true } },
  })
  t.deepEqual(published.published, { docs: [], hasNextPage: false, totalDocs: 0 })
  // limit 0: all of them
  t.is((await page({ limit: 0 })).docs.length, 3)

  const one = await byId(id, { joins: { posts: false, 'meta.featured': false } })
  t.false('posts' in one)
  t.false('featured' in one.meta)
  t.true('tagged' in one)
  const none = await byId(id, { joins: false })
  for (const key of ['posts', 'published', 'tagged', 'mentions']) t.false(key in none, key)
  t.deepEqual(none.meta, { note: null })
})

test('depth populates joined documents, down to the join maxDepth (default 1), which bounds their own relations too', async (t) => {
  const { cats, posts } = s.data
  const news = await byId(cats[0].id, { depth: 2 })
  t.deepEqual(
    news.posts.docs.map((p: Doc) => p.title),
    ['P0', 'P1', 'P2'],
  )
  // The join's maxDepth (1) bounds everything below it, as Payload loads its documents with that depth: the joined
  // posts' own relations stay ids at depth 2 (real Payload 3.90 answers so: test/import-payload compares).
  t.is(news.posts.docs[0].category, cats[0].id)
  t.deepEqual(
    news.posts.docs.map((p: Doc) => p.id),
    [posts[0].id, posts[1].id, posts[2].id],
  )
  t.is(news.meta.featured.docs[0].title, 'P4')
  // maxDepth: 0 keeps ids at any depth.
  t.true(news.mentions.docs.every((n: unknown) => typeof n === 'number'))
  const shallow = await byId(cats[0].id, { depth: 1 })
  t.is(shallow.posts.docs[0].category, cats[0].id)
})

test('the joined collection read access applies: a Where is ANDed, a denial leaves the field out', async (t) => {
  const { cats, notes } = s.data
  const anonymous = await byId(cats[0].id, { overrideAccess: false })
  t.deepEqual(anonymous.mentions.docs, [notes[0].id])
  t.false('audits' in anonymous)
  const trusted = await byId(cats[0].id)
  t.is(trusted.audits.docs.length, 1)
  // A field the caller may not read cannot filter the joined documents.
  const error = await rejectsWith(
    t,
    byId(cats[0].id, {
      overrideAccess: false,
      joins: { posts: { where: { secret: { equals: 's0' } } } },
    }),
    'QueryError',
    400,
  )
  t.regex(error.message, /secret/)
})

test('bad joins, and queries or sorts on a join field, are 400s naming what is wrong', async (t) => {
  const id = s.data.cats[0].id
  let e = await rejectsWith(t, byId(id, { joins: { nope: { limit: 1 } } }), 'BadRequest', 400)
  t.regex(e.message, /joins\.nope: "nope" is not a join field of "categories"/)
  e = await rejectsWith(t, byId(id, { joins: { posts: { limit: -1 } } }), 'BadRequest', 400)
  t.regex(e.message, /joins\.posts\.limit must be an integer/)
  e = await rejectsWith(t, byId(id, { joins: { posts: { top: 1 } } }), 'BadRequest', 400)
  t.regex(e.message, /joins\.posts\.top is not a join option/)
  e = await rejectsWith(t, byId(id, { joins: 'posts' }), 'BadRequest', 400)
  t.regex(e.message, /joins must be false or an object/)
  e = await rejectsWith(
    t,
    byId(id, { joins: { posts: { where: { nope: { equals: 1 } } } } }),
    'QueryError',
    400,
  )
  t.regex(JSON.stringify(e), /nope/)
  e = await rejectsWith(
    t,
    s.cms.find({ collection: 'categories', where: { mentions: { exists: true } } }),
    'QueryError',
    400,
  )
  // Joins on a plain or hasMany relationship are queried through (test/payload-specs/joins.test.ts).
  t.regex(
    JSON.stringify(e),
    /on a polymorphic relationship .*about.*which cannot be queried through/,
  )
  await rejectsWith(t, s.cms.find({ collection: 'categories', sort: 'posts' }), 'QueryError', 400)
})

test('a join value sent with a write is ignored, as Payload does', async (t) => {
  const created = (await s.cms.create({
    collection: 'categories',
    data: { name: 'Written', posts: { docs: [1, 2], hasNextPage: true } },
    depth: 0,
  })) as Doc
  t.deepEqual(created.posts, { docs: [], hasNextPage: false })
  const updated = (await s.cms.update({
    collection: 'categories',
    id: created.id,
    data: { name: 'Rewritten', posts: 'anything' },
    depth: 0,
  })) as Doc
  t.is(updated.name, 'Rewritten')
  t.deepEqual(updated.posts, { docs: [], hasNextPage: false })
  await s.cms.delete({ collection: 'categories', id: created.id })
})

test.serial(
  'every document of a list gets its own page, in one statement per join field',
  async (t) => {
    const list = async (limit: number) =>
      countQueries(s.cms, () =>
        s.cms.find({
          collection: 'categories',
          sort: 'name',
          limit,
          depth: 0,
          where: { name: { like: 'C' } },
          overrideAccess: false,
        }),
      )
    const ten = await list(10)
    const hundred = await list(100)
    t.is(hundred.result.docs.length, 100)
    for (const c of hundred.result.docs as Doc[]) {
      t.is(c.posts.docs.length, 1)
      t.deepEqual(c.tagged.docs, c.posts.docs)
      t.deepEqual(c.published.docs, c.posts.docs)
    }
    // The page and its count, then one statement per join field the caller may read (5; audits is denied).
    t.is(ten.queries, hundred.queries)
    t.is(hundred.queries, 2 + 5)
    // With population: one more statement per joined collection per level.
    const deep = await countQueries(s.cms, () =>
      s.cms.find({
        collection: 'categories',
        limit: 100,
        depth: 1,
        where: { name: { like: 'C' } },
      }),
    )
    const deeper = await countQueries(s.cms, () =>
      s.cms.find({ collection: 'categories', limit: 10, depth: 1, where: { name: { like: 'C' } } }),
    )
    t.is(deep.queries, deeper.queries)
  },
)

test('join fields are checked at start', (t) => {
  const refuses = (fields: unknown[], message: RegExp, globals: unknown[] = []) => {
    const error = t.throws(() =>
      sanitizeConfig({
        collections: [
          { slug: 'a', fields: fields as never },
          {
            slug: 'b',
            fields: [
              { name: 'a', type: 'relationship', relationTo: 'a' },
              { name: 'other', type: 'relationship', relationTo: 'b' },
              { name: 'local', type: 'text' },
              {
                name: 'rows',
                type: 'array',
                fields: [{ name: 'a', type: 'relationship', relationTo: 'a' }],
              },
            ],
          },
        ],
        globals: globals as never,
      } as Config),
    )
    t.is(error?.name, 'ConfigError')
    t.regex(error?.message ?? '', message)
  }
  const join = { name: 'bs', type: 'join' as const, collection: 'b', on: 'a' }
  refuses([{ ...join, on: 'local' }], /on "local" is not a relationship field of collection "b"/)
  refuses([{ ...join, on: 'rows.a' }], /on "rows\.a" is not a relationship field/)
  refuses([{ ...join, on: 'other' }], /relates to "b", not to "a"/)
  refuses([{ ...join, collection: 'c' }], /collection "c" is not a collection in this config/)
  refuses([{ ...join, collection: ['b'] }], /a join over several collections/)
  refuses([{ ...join, defaultLimit: -1 }], /defaultLimit must be a non-negative integer/)
  refuses(
    [{ name: 'rows', type: 'array', fields: [join] }],
    /join fields are only supported at the top level/,
  )
  refuses([{ ...join, required: true }], /required is not supported: a join field holds no data/)
  // Payload's orderable join is built (test/http/orderable.test.ts); only its shape is checked here.
  refuses(
    [{ ...join, orderable: 'yes' as never }],
    /join field "bs": orderable must be true or false/,
  )
  refuses([], /Global "g": join fields are only supported in collections/, [
    { slug: 'g', fields: [join] },
  ])
  t.notThrows(() =>
    sanitizeConfig({
      collections: [
        { slug: 'a', fields: [join] },
        { slug: 'b', fields: [{ name: 'a', type: 'relationship', relationTo: 'a' }] },
      ],
    }),
  )
})
