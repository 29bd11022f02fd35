/**
 * Issue 33: the read shapes Payload projects depend on, served over REST, GraphQL and the Local API: a camelCase
 * slug, an array whose rows declare their own `id` (the website template's `populatedAuthors`), Payload's
 * `all<Singular>` GraphQL names (`media` → `allMedia`), `[]` for empty hasMany values and arrays, and `ui` fields
 * nowhere in the API.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

const open = { create: () => true, read: () => true, update: () => true, delete: () => true }

const config = defineConfig({
  secret: 'a-test-secret-that-is-at-least-32-bytes-long',
  collections: [
    { slug: 'media', access: open, fields: [{ name: 'alt', type: 'text' }] },
    {
      slug: 'variantOptions',
      access: open,
      fields: [
        { name: 'label', type: 'text' },
        { name: '_h_order', type: 'number' },
      ],
    },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'preview', type: 'ui', admin: { components: { Field: '/components/Preview' } } },
        { name: 'options', type: 'relationship', relationTo: 'variantOptions', hasMany: true },
        { name: 'words', type: 'text', hasMany: true },
        {
          name: 'populatedAuthors',
          type: 'array',
          fields: [
            { name: 'id', type: 'text' },
            { name: 'name', type: 'text' },
          ],
        },
        { name: 'rows', type: 'array', fields: [{ name: 'x', type: 'text' }] },
        {
          name: 'layout',
          type: 'blocks',
          blocks: [
            {
              slug: 'quote',
              fields: [
                { name: 'id', type: 'text' },
                { name: 'text', type: 'text' },
              ],
            },
          ],
        },
      ],
    },
  ],
})

const s = useServer(test, config)
const gql = async (query: string) =>
  (await s.request('POST', '/api/graphql', { body: { query } })).body

test('a camelCase slug is served at its own path and in GraphQL, with _-led field names', async (t) => {
  const created = await s.request('POST', '/api/variantOptions', {
    body: { label: 'Large', _h_order: 2 },
  })
  t.is(created.status, 201)
  t.like(created.body.doc, { label: 'Large', _h_order: 2 })
  const list = await s.request('GET', '/api/variantOptions', {
    query: { 'where[_h_order][equals]': '2' },
  })
  t.is(list.body.totalDocs, 1)
  const q = await gql('{ VariantOptions(sort: "_h_order") { docs { label _h_order } } }')
  t.deepEqual(q, { data: { VariantOptions: { docs: [{ label: 'Large', _h_order: 2 }] } } })
})

test("media is Payload's allMedia in GraphQL: the list query and type, count and the single query", async (t) => {
  const created = await s.request('POST', '/api/media', { body: { alt: 'A cat' } })
  const q = await gql(
    `{ allMedia { docs { alt } totalDocs } countallMedia { totalDocs } Media(id: ${created.body.doc.id}) { alt } }`,
  )
  t.deepEqual(q, {
    data: {
      allMedia: { docs: [{ alt: 'A cat' }], totalDocs: 1 },
      countallMedia: { totalDocs: 1 },
      Media: { alt: 'A cat' },
    },
  })
  const types = await gql('{ __type(name: "allMedia") { name } }')
  t.deepEqual(types, { data: { __type: { name: 'allMedia' } } })
  // REST and the SDK keep their names: the list is the collection's path.
  t.is((await s.request('GET', '/api/media')).body.totalDocs, 1)
})

test("an array row's own id field is the row id in REST, GraphQL and where", async (t) => {
  const created = await s.request('POST', '/api/posts', {
    body: {
      title: 'With authors',
      populatedAuthors: [{ id: 'a1', name: 'Ada' }, { name: 'Bob' }],
      layout: [{ blockType: 'quote', id: 'q1', text: 'Hi' }],
    },
  })
  t.is(created.status, 201)
  const [ada, bob] = created.body.doc.populatedAuthors
  t.deepEqual(ada, { id: 'a1', name: 'Ada' })
  // A row sent without one gets a generated id, as every row does.
  t.regex(bob.id, /^[0-9a-f]{24}$/)
  t.like(created.body.doc.layout[0], { id: 'q1', blockType: 'quote', text: 'Hi' })
  const id = created.body.doc.id
  const q = await gql(
    `{ Post(id: ${id}) { populatedAuthors { id name } layout { ... on Post_Layout_Quote { id text } } } }`,
  )
  t.deepEqual(q, {
    data: {
      Post: {
        populatedAuthors: [
          { id: 'a1', name: 'Ada' },
          { id: bob.id, name: 'Bob' },
        ],
        layout: [{ id: 'q1', text: 'Hi' }],
      },
    },
  })
  const found = await s.request('GET', '/api/posts', {
    query: { 'where[populatedAuthors.id][equals]': 'a1' },
  })
  t.deepEqual(
    found.body.docs.map((d: { id: number }) => d.id),
    [id],
  )
  const selected = await s.request('GET', `/api/posts/${id}`, {
    query: { 'select[populatedAuthors][id]': 'true' },
  })
  t.deepEqual(selected.body.populatedAuthors, [{ id: 'a1' }, { id: bob.id }])
  const wrong = await s.request('POST', '/api/posts', {
    body: { populatedAuthors: [{ id: 5, name: 'Eve' }] },
    invalid: 'a row id must be a string',
  })
  t.is(wrong.status, 400)
})

test('empty hasMany values and arrays read as [] (as Payload), written empty or never written', async (t) => {
  const never = await s.request('POST', '/api/posts', { body: { title: 'Nothing' } })
  const empty = await s.request('POST', '/api/posts', {
    body: { title: 'Empty', options: [], words: [], rows: [], layout: [] },
  })
  for (const res of [never, empty]) {
    const id = res.body.doc.id
    const rest = (await s.request('GET', `/api/posts/${id}`)).body
    t.like(rest, { options: [], words: [], rows: [], populatedAuthors: [] })
    const local = await s.cms.findByID({ collection: 'posts', id })
    t.like(local, { options: [], words: [], rows: [], populatedAuthors: [] })
    const q = await gql(
      `{ Post(id: ${id}) { options { id } words rows { x } populatedAuthors { id } } }`,
    )
    t.deepEqual(q, { data: { Post: { options: [], words: [], rows: [], populatedAuthors: [] } } })
  }
  // Blocks as stored: empty when written empty, null when never written (Payload leaves them out).
  t.is((await s.request('GET', `/api/posts/${never.body.doc.id}`)).body.layout, null)
  t.deepEqual((await s.request('GET', `/api/posts/${empty.body.doc.id}`)).body.layout, [])
})

test('a ui field has no API presence: not read, not written, not queried', async (t) => {
  const created = await s.request('POST', '/api/posts', { body: { title: 'UI' } })
  t.false('preview' in created.body.doc)
  const written = await s.request('POST', '/api/posts', {
    body: { title: 'UI', preview: 'x' },
    invalid: 'a ui field takes no value',
  })
  t.is(written.status, 400)
  const queried = await s.request('GET', '/api/posts', {
    query: { 'where[preview][equals]': 'x' },
  })
  t.is(queried.status, 400)
  const q = await gql('{ Posts { docs { preview } } }')
  t.regex(q.errors[0].message, /Cannot query field "preview" on type "Post"/)
})
