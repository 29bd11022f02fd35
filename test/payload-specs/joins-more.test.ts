/**
 * Payload's `test/joins` spec, continued: `select` and join fields, a collection joining itself, deleting joined
 * documents, `in` with a comma-separated list, and GraphQL join fields in groups and under access. Ledger:
 * docs/payload-specs/joins.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { joinsSpecConfig } from './joins-config.ts'

type Doc = Record<string, any>
const s = useServer(test, joinsSpecConfig, async (cms) => {
  const root = await cms.create({ collection: 'categories', data: { name: 'root' } })
  const child = await cms.create({
    collection: 'categories',
    data: { name: 'child', parent: root.id },
  })
  const post = await cms.create({
    collection: 'posts',
    data: { title: 'p', category: root.id, group: { category: root.id } },
  })
  const secret = await cms.create({
    collection: 'posts',
    data: { title: 'secret', category: root.id, isPublic: false },
  })
  return { root, child, post, secret }
})

test.serial('select: join fields left out unless selected', async (t) => {
  const { root, post } = s.data
  let doc: Doc = await s.cms.findByID({
    collection: 'categories',
    id: root.id,
    select: { name: true },
  })
  t.deepEqual(Object.keys(doc).sort(), ['id', 'name'])
  doc = await s.cms.findByID({
    collection: 'categories',
    id: root.id,
    select: { relatedPosts: true },
    depth: 0,
  })
  t.deepEqual(doc.relatedPosts.docs, [s.data.secret.id, post.id])
  t.false('name' in doc)
})

test.serial('a collection joining itself', async (t) => {
  const { root, child } = s.data
  const doc: Doc = await s.cms.findByID({ collection: 'categories', id: root.id, depth: 1 })
  t.deepEqual(
    doc.children.docs.map((c: Doc) => c.id),
    [child.id],
  )
  t.is(doc.children.docs[0].name, 'child')
  const found = await s.cms.find({
    collection: 'categories',
    where: { 'children.name': { equals: 'child' } },
  })
  t.deepEqual(
    found.docs.map((d) => d.id),
    [root.id],
  )
})

test.serial('deleting a document other documents join: the join no longer lists it', async (t) => {
  const cat = await s.cms.create({ collection: 'categories', data: { name: 'temp' } })
  const p = await s.cms.create({ collection: 'posts', data: { title: 'temp', category: cat.id } })
  await s.cms.delete({ collection: 'posts', id: p.id })
  const doc: Doc = await s.cms.findByID({ collection: 'categories', id: cat.id, depth: 0 })
  t.deepEqual(doc.relatedPosts.docs, [])
  t.truthy(await s.cms.delete({ collection: 'categories', id: cat.id }))
})

test.serial(
  'REST: where[id][in] as a comma-separated list on a collection with joins',
  async (t) => {
    const { root, child } = s.data
    const r = await s.request<Doc>('GET', '/api/categories', {
      query: `where[id][in]=${root.id},${child.id}&depth=0&sort=name`,
    })
    t.is(r.status, 200)
    t.deepEqual(
      r.body.docs.map((d: Doc) => d.id),
      [child.id, root.id],
    )
    t.deepEqual(r.body.docs[1].relatedPosts.docs, [s.data.post.id]) // anonymous: the secret post is left out
  },
)

test.serial(
  'GraphQL: a join field in a group, `in` on the list, and the joined collection access',
  async (t) => {
    const { root, post } = s.data
    const r = await s.request<Doc>('POST', '/api/graphql', {
      body: {
        query: `{ Categories(where: { id: { in: [${root.id}] } }) { docs { id
        group { relatedPosts { docs { id } } }
        relatedPosts(sort: "title") { docs { id title } }
      } } }`,
      },
    })
    t.is(r.body.errors, undefined)
    const [doc] = r.body.data.Categories.docs
    t.deepEqual(doc.group.relatedPosts.docs, [{ id: post.id }])
    // Anonymous: only public posts are joined.
    t.deepEqual(doc.relatedPosts.docs, [{ id: post.id, title: 'p' }])
  },
)
