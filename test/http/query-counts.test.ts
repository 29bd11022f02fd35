import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { countQueries } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

/** SQL statements per request do not grow with the page size or with depth beyond the related collections. */
const s = useServer(
  test,
  defineConfig({
    collections: [
      { slug: 'authors', access: { read: () => true }, fields: [{ name: 'name', type: 'text' }] },
      {
        slug: 'categories',
        access: { read: () => true },
        fields: [
          { name: 'name', type: 'text' },
          { name: 'parent', type: 'relationship', relationTo: 'categories' },
        ],
      },
      {
        slug: 'posts',
        access: { read: () => true },
        fields: [
          { name: 'title', type: 'text' },
          { name: 'category', type: 'relationship', relationTo: 'categories' },
          { name: 'author', type: 'relationship', relationTo: 'authors' },
          { name: 'related', type: 'relationship', relationTo: 'posts', hasMany: true },
        ],
      },
    ],
  }),
  async (cms) => {
    const root = await cms.create({ collection: 'categories', data: { name: 'Root' } })
    const cats = []
    for (let i = 0; i < 5; i++)
      cats.push(
        await cms.create({ collection: 'categories', data: { name: `C${i}`, parent: root.id } }),
      )
    const authors = []
    for (let i = 0; i < 5; i++)
      authors.push(await cms.create({ collection: 'authors', data: { name: `A${i}` } }))
    const previous: number[] = []
    for (let i = 0; i < 230; i++) {
      const p = await cms.create({
        collection: 'posts',
        data: {
          title: `P${i}`,
          category: cats[i % 5].id,
          author: authors[i % 5].id,
          related: previous.slice(-2),
        },
        depth: 0,
      })
      previous.push(p.id as number)
    }
  },
)

const statements = (fn: () => Promise<unknown>) => countQueries(s.cms, fn).then((r) => r.queries)

test.serial(
  'REST lists: the same number of statements at page size 10 and 100, at depth 0, 1 and 2',
  async (t) => {
    const counts: Record<string, number> = {}
    // The total is counted once, then kept (db/totals.ts): the first list pays for it, unmeasured.
    await s.request('GET', '/api/posts')
    for (const depth of [0, 1, 2]) {
      for (const limit of [10, 100])
        counts[`depth ${depth}, limit ${limit}`] = await statements(() =>
          s.request('GET', '/api/posts', { query: { limit: String(limit), depth: String(depth) } }),
        )
    }
    t.log(counts)
    for (const depth of [0, 1, 2])
      t.is(counts[`depth ${depth}, limit 10`], counts[`depth ${depth}, limit 100`])
    // The write generations' sum (the ETag of an anonymous read, http/conditional.ts, which also tells the kept
    // total holds) and a page, then one query per related collection per level: 2, 2 + 3, 2 + 3 + 3 at most.
    t.is(counts['depth 0, limit 10'], 2)
    t.true(counts['depth 1, limit 10'] <= 5)
    t.true(counts['depth 2, limit 10'] <= 8)
  },
)

test.serial(
  'GraphQL nested lists: the same number of statements at page size 10 and 100',
  async (t) => {
    const query = (limit: number) =>
      `{ Posts(limit: ${limit}) { totalDocs docs { title category { name parent { name } } author { name } related { title author { name } } } } }`
    const ten = await statements(() =>
      s.request('POST', '/api/graphql', { body: { query: query(10) } }),
    )
    const hundred = await statements(() =>
      s.request('POST', '/api/graphql', { body: { query: query(100) } }),
    )
    t.log({ ten, hundred })
    t.is(ten, hundred)
    t.true(ten <= 8)
  },
)
