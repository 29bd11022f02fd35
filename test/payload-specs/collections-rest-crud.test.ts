import test from 'ava'
import { useServer, MALFORMED_JSON } from '../helpers/http.ts'
import { afterErrors, collectionsRestConfig } from './collections-rest.config.ts'
import { clear, createPost, ids, query } from './helpers.ts'

/**
 * Payload's test/collections-rest/int.spec.ts, describe "CRUD" (docs/payload-specs/collections-rest.md): the same
 * requests on this server, over REST (answers checked against the contract) and the Local API.
 */

const s = useServer(test, collectionsRestConfig)
test.beforeEach(() => clear(s, 'posts'))

test.serial('CRUD: should create', async (t) => {
  const doc = await createPost(s, { title: 'title' })
  t.is(doc.title, 'title')
  t.is(typeof doc.id, 'number')
})

test.serial('CRUD: should return 400 when request body contains malformed JSON', async (t) => {
  const r = await s.request('POST', '/api/posts', {
    raw: '{ invalid json',
    headers: { 'content-type': 'application/json' },
    direct: MALFORMED_JSON,
  })
  t.is(r.status, 400)
  t.is(r.body.errors[0].message, 'Invalid JSON')
})

test.serial('CRUD: should find', async (t) => {
  const a = await createPost(s)
  const b = await createPost(s)
  const r = await s.request('GET', '/api/posts')
  t.is(r.status, 200)
  t.is(r.body.totalDocs, 2)
  t.deepEqual(ids(r.body.docs).sort(), [a.id, b.id].sort())
  t.deepEqual(
    r.body.docs.find((d: { id: number }) => d.id === a.id),
    a,
  )
})

test.serial('CRUD: should count', async (t) => {
  await createPost(s)
  await createPost(s)
  const r = await s.request('GET', '/api/posts/count')
  t.is(r.status, 200)
  t.deepEqual(r.body, { totalDocs: 2 })
})

test.serial('CRUD: should find where id', async (t) => {
  const a = await createPost(s)
  await createPost(s)
  const r = await s.request('GET', '/api/posts', {
    query: query({ where: { id: { equals: a.id } } }),
  })
  t.is(r.status, 200)
  t.is(r.body.totalDocs, 1)
  t.is(r.body.docs[0].id, a.id)
})

test.serial('CRUD: should find with pagination false (Local, REST, GraphQL)', async (t) => {
  // More than the default page of 10, so a default limit would show.
  for (let i = 0; i < 12; i++) await createPost(s, { number: i })
  const local = await s.cms.find({ collection: 'posts', overrideAccess: false, pagination: false })
  t.is(local.docs.length, 12)
  t.is(local.totalDocs, 12)
  t.is(local.totalPages, 1)
  t.false(local.hasNextPage)

  const rest = await s.request('GET', '/api/posts', { query: 'pagination=false' })
  t.is(rest.status, 200)
  t.is(rest.body.docs.length, 12)
  t.is(rest.body.totalDocs, 12)
  // With a limit, pagination=false returns that many (Payload: no count, no paging).
  const limited = await s.request('GET', '/api/posts', { query: 'pagination=false&limit=3' })
  t.is(limited.body.docs.length, 3)
  t.is(limited.body.totalDocs, 3)

  const gql = await s.request('POST', '/api/graphql', {
    body: { query: '{ Posts(pagination: false) { docs { id } totalDocs } }' },
  })
  t.is(gql.body.data.Posts.docs.length, 12)
  t.is(gql.body.data.Posts.totalDocs, 12)
})

test.serial('CRUD: should update existing', async (t) => {
  const { id, description } = await createPost(s, { description: 'desc' })
  const r = await s.request('PATCH', `/api/posts/${id}`, { body: { title: 'updated-title' } })
  t.is(r.status, 200)
  t.is(r.body.doc.title, 'updated-title')
  t.is(r.body.doc.description, description)
})

test.serial('CRUD: should delete', async (t) => {
  const { id } = await createPost(s)
  const r = await s.request('DELETE', `/api/posts/${id}`)
  t.is(r.status, 200)
  t.is(r.body.doc.id, id)
  t.is((await s.cms.findByID({ collection: 'posts', id, disableErrors: true })) as unknown, null)
})

test.serial('CRUD: should include metadata', async (t) => {
  for (let i = 0; i < 11; i++) await createPost(s)
  const r = await s.request('GET', '/api/posts')
  t.like(r.body, {
    totalDocs: 11,
    limit: 10,
    page: 1,
    pagingCounter: 1,
    hasPrevPage: false,
    hasNextPage: true,
    prevPage: null,
    nextPage: 2,
  })
})

test.serial(
  'Local: findByID throws NotFound if the doc was not found; with disableErrors null',
  async (t) => {
    await createPost(s)
    const error = await t.throwsAsync(s.cms.findByID({ collection: 'posts', id: 999 }))
    t.is(error?.name, 'NotFound')
    t.is(error?.message, 'Not Found')
    t.is(
      (await s.cms.findByID({ collection: 'posts', id: 999, disableErrors: true })) as unknown,
      null,
    )
  },
)

test.serial(
  'Error Handler: afterError on the collection sees the error; departure: it cannot replace the answer',
  async (t) => {
    afterErrors.length = 0
    const r = await s.request('GET', '/api/posts/1000')
    t.is(r.status, 404)
    t.is(r.body.errors[0].message, 'Not Found')
    t.deepEqual(afterErrors, ['NotFound'])
  },
)

test.serial('should not mount auth endpoints for collection without auth', async (t) => {
  for (const path of [
    '/forgot-password',
    '/login',
    '/logout',
    '/refresh-token',
    '/first-register',
    '/reset-password',
    '/unlock',
  ]) {
    const r = await s.request('POST', `/api/posts${path}`, { direct: 'not a route' })
    // DESIGN.md §5: an unknown route is 404 with the standard error body (Payload: `{ message }`).
    t.true([404, 405].includes(r.status), path)
    t.is(typeof r.body.errors[0].message, 'string')
  }
})
