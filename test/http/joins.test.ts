/**
 * Join fields (issue 19, item 4) over HTTP: REST's `joins` parameter (JSON or brackets) on find and findByID, every
 * answer validated against the compiled contract, and GraphQL's `<Type>_<field>` with its arguments; both in a
 * number of statements that does not grow with the number of documents.
 */
import test from 'ava'
import { countQueries } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'
import { joinsConfig, seedJoins } from '../fixtures/joins.ts'

const s = useServer(test, joinsConfig, seedJoins)
type Doc = Record<string, any>
const statements = (fn: () => Promise<unknown>) => countQueries(s.cms, fn).then((r) => r.queries)

const graphql = async (query: string, variables?: Record<string, unknown>) => {
  const r = await s.request('POST', '/api/graphql', { body: { query, variables } })
  return r.body as { data?: any; errors?: { message: string; extensions?: any }[] }
}

test('REST findByID: join fields with their defaults, depth, and joins in brackets or JSON', async (t) => {
  const { cats, posts } = s.data
  const path = `/api/categories/${cats[0].id}`
  let r = await s.request<Doc>('GET', path, { query: { depth: '0' } })
  t.is(r.status, 200)
  t.deepEqual(r.body.posts, { docs: posts.slice(0, 3).map((p) => p.id), hasNextPage: false })
  t.deepEqual(r.body.meta.featured, { docs: [posts[4].id], hasNextPage: false })
  t.false('audits' in r.body) // nobody may read audits

  r = await s.request<Doc>('GET', path, {
    query: 'depth=1&joins[posts][limit]=2&joins[posts][sort]=-title&joins[posts][count]=true',
  })
  t.deepEqual(
    r.body.posts.docs.map((p: Doc) => p.title),
    ['P2', 'P1'],
  )
  t.is(r.body.posts.hasNextPage, true)
  t.is(r.body.posts.totalDocs, 3)
  t.is(r.body.posts.docs[0].category, cats[0].id)

  r = await s.request<Doc>('GET', path, {
    query: {
      depth: '0',
      joins: JSON.stringify({
        posts: { limit: 1, page: 2, where: { status: { equals: 'draft' } } },
        tagged: false,
      }),
    },
  })
  t.deepEqual(r.body.posts, { docs: [], hasNextPage: false })
  t.false('tagged' in r.body)
  r = await s.request<Doc>('GET', path, {
    query: 'depth=0&joins[posts][where][title][equals]=P1&joins[meta.featured]=false',
  })
  t.deepEqual(r.body.posts.docs, [posts[1].id])
  t.deepEqual(r.body.meta, { note: null })

  // The anonymous caller sees only the public notes (the notes' read access is a Where).
  r = await s.request<Doc>('GET', path, { query: { depth: '1' } })
  t.deepEqual(
    r.body.mentions.docs,
    [s.data.notes[0].id], // maxDepth 0: ids
  )
})

test('REST find: joins=false leaves every join field out; each document has its own page', async (t) => {
  let r = await s.request<Doc>('GET', '/api/categories', {
    query: { joins: 'false', limit: '3', sort: 'name', depth: '0' },
  })
  t.is(r.status, 200)
  for (const doc of r.body.docs) for (const key of ['posts', 'tagged']) t.false(key in doc)
  r = await s.request<Doc>('GET', '/api/categories', {
    query: { where: JSON.stringify({ name: { like: 'C1' } }), limit: '50', depth: '1' },
  })
  t.true(r.body.docs.length > 10)
  for (const doc of r.body.docs) {
    t.is(doc.posts.docs.length, 1)
    t.is(doc.posts.docs[0].category, doc.id)
  }
})

test('REST: bad joins and queries on join fields are 400s naming the problem', async (t) => {
  const id = s.data.cats[0].id
  for (const query of [
    'joins[nope][limit]=1',
    'joins[posts][limit]=-1',
    'joins[posts][page]=0',
    'joins[posts][top]=1',
    'joins={"posts":',
    'joins[posts][where][nope][equals]=1',
  ]) {
    const r = await s.request<Doc>('GET', `/api/categories/${id}`, { query })
    t.is(r.status, 400, query)
    t.regex(JSON.stringify(r.body), /joins|nope/, query)
  }
  let r = await s.request<Doc>('GET', '/api/categories', {
    query: { where: JSON.stringify({ mentions: { exists: true } }) },
  })
  t.is(r.status, 400)
  t.regex(
    JSON.stringify(r.body),
    /on a polymorphic relationship .*about.*which cannot be queried through/,
  )
  r = await s.request<Doc>('GET', '/api/categories', {
    query: { sort: 'posts' },
    invalid: 'a join field is no sortable path',
  })
  t.is(r.status, 400)
  // A join value in a write body is ignored.
  r = await s.request<Doc>('POST', '/api/categories', {
    body: { name: 'Posted', posts: { docs: [1], hasNextPage: false } },
    query: { depth: '0' },
  })
  t.is(r.status, 201)
  t.deepEqual(r.body.doc.posts, { docs: [], hasNextPage: false })
})

test.serial('REST: the statements of a list do not grow with its size', async (t) => {
  const list = (limit: number) =>
    statements(() =>
      s.request('GET', '/api/categories', { query: { limit: String(limit), depth: '1' } }),
    )
  // The total is counted once, then kept while no write happens (db/totals.ts): the first list pays for it.
  await list(10)
  const ten = await list(10)
  const hundred = await list(100)
  t.log({ ten, hundred })
  t.is(ten, hundred)
})

test('GraphQL: join fields take where, limit, page, sort and count', async (t) => {
  const { cats } = s.data
  const r = await graphql(
    `
      query ($id: Int!) {
        Category(id: $id) {
          name
          posts(limit: 2, sort: "-title", count: true) {
            docs {
              title
              category {
                name
              }
            }
            hasNextPage
            totalDocs
          }
          filtered: posts(where: { title: { equals: "P1" } }) {
            docs {
              title
            }
            hasNextPage
            totalDocs
          }
          page2: posts(limit: 2, page: 2) {
            docs {
              title
            }
            hasNextPage
          }
          published {
            docs {
              title
            }
            hasNextPage
          }
          meta {
            featured {
              docs {
                title
              }
            }
          }
          tagged {
            docs {
              title
            }
          }
          mentions {
            docs {
              text
            }
          }
          audits {
            docs {
              id
            }
          }
        }
      }
    `,
    { id: cats[0].id },
  )
  t.falsy(r.errors, JSON.stringify(r.errors))
  const c = r.data.Category
  t.deepEqual(c.posts, {
    docs: [
      { title: 'P2', category: { name: 'News' } },
      { title: 'P1', category: { name: 'News' } },
    ],
    hasNextPage: true,
    totalDocs: 3,
  })
  t.deepEqual(c.filtered, { docs: [{ title: 'P1' }], hasNextPage: false, totalDocs: null })
  t.deepEqual(c.page2, { docs: [{ title: 'P2' }], hasNextPage: false })
  t.deepEqual(c.published, { docs: [{ title: 'P2' }], hasNextPage: true })
  t.deepEqual(c.meta.featured.docs, [{ title: 'P4' }])
  t.deepEqual(c.tagged.docs, [{ title: 'P0' }, { title: 'P1' }])
  t.deepEqual(c.mentions.docs, [{ text: 'b-public' }])
  t.is(c.audits, null)
  const bad = await graphql(`
    {
      Categories {
        docs {
          posts(limit: -1) {
            hasNextPage
          }
        }
      }
    }
  `)
  t.regex(bad.errors?.[0].message ?? '', /joins\.posts\.limit must be an integer/)
})

test.serial(
  'GraphQL: join fields of a list cost the same statements for 10 and 100 documents',
  async (t) => {
    const query = (limit: number) =>
      `{ Categories(limit: ${limit}, sort: "name") { docs { name posts(limit: 1) { docs { title } hasNextPage } meta { featured { docs { title } } } tagged { docs { title } } } } }`
    const run = async (limit: number) => {
      const { result, queries } = await countQueries(s.cms, () => graphql(query(limit)))
      t.falsy(result.errors, JSON.stringify(result.errors))
      t.is(result.data.Categories.docs.length, limit)
      return queries
    }
    const ten = await run(10)
    const hundred = await run(100)
    t.log({ ten, hundred })
    t.is(ten, hundred)
    // The page and its count, one statement per join field, one per joined collection's documents.
    t.true(ten <= 2 + 3 + 3)
  },
)
