import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { collectionsRestConfig } from './collections-rest.config.ts'
import { clear, createPost, ids, query } from './helpers.ts'

/**
 * Payload's test/collections-rest/int.spec.ts: "Querying > Operators > pagination" and "near", and the error
 * handler. Payload skips its point tests on SQLite; here they run on every database.
 */

const s = useServer(test, collectionsRestConfig, async (cms) => {
  // Payload's fixture: one point at [10, 20] (lng, lat).
  await cms.create({ collection: 'point', data: { point: [10, 20] } })
})

const pageMeta = (b: Record<string, unknown>) => {
  const { docs: _docs, ...meta } = b
  return meta
}

async function threePages(where: unknown) {
  const pages = []
  for (const page of [1, 2, 3]) {
    const r = await s.request('GET', '/api/posts', { query: query({ limit: 4, page, where }) })
    t0(r.status === 200, r.text)
    pages.push(pageMeta(r.body))
  }
  return pages
}
const t0 = (ok: boolean, why: string) => {
  if (!ok) throw new Error(why)
}
const expectedPages = [
  {
    hasNextPage: true,
    hasPrevPage: false,
    limit: 4,
    nextPage: 2,
    page: 1,
    pagingCounter: 1,
    prevPage: null,
  },
  {
    hasNextPage: true,
    hasPrevPage: true,
    limit: 4,
    nextPage: 3,
    page: 2,
    pagingCounter: 5,
    prevPage: 1,
  },
  {
    hasNextPage: false,
    hasPrevPage: true,
    limit: 4,
    nextPage: null,
    page: 3,
    pagingCounter: 9,
    prevPage: 2,
  },
].map((p) => ({ ...p, totalDocs: 10, totalPages: 3 }))

test.serial('pagination: with a where query, and with one on relationships', async (t) => {
  await clear(s, 'posts')
  const related = await s.cms.create({ collection: 'relation', data: { name: 'test' } })
  for (let i = 0; i < 10; i++)
    await createPost(s, { number: i, relationField: related.id, title: 'paginate-test' })
  await createPost(s, { title: 'other' })
  t.deepEqual(await threePages({ title: { equals: 'paginate-test' } }), expectedPages)
  t.deepEqual(await threePages({ relationField: { equals: related.id } }), expectedPages)
})

test.serial('pagination > limit: a limited set, and all docs with limit=0', async (t) => {
  await clear(s, 'posts')
  for (let i = 0; i < 50; i++) await createPost(s, { number: i, title: 'limit-test' })
  await createPost(s, { title: 'other' })
  const where = { title: { equals: 'limit-test' } }
  const fifteen = await s.request('GET', '/api/posts', { query: query({ limit: 15, where }) })
  t.is(fifteen.body.docs.length, 15)
  t.is(fifteen.body.totalDocs, 50)
  const all = await s.request('GET', '/api/posts', { query: query({ limit: 0, where }) })
  t.is(all.status, 200)
  t.is(all.body.docs.length, 50)
  t.is(all.body.totalPages, 1)
})

const points = async (near: string, extra: Record<string, unknown> = {}) => {
  const r = await s.request('GET', '/api/point', {
    query: query({ where: { point: { near } }, ...extra }),
  })
  t0(r.status === 200, r.text)
  return r.body.docs as { id: number; point: [number, number] }[]
}

test.serial('near: a document near a point, in the list and the count', async (t) => {
  const near = '10.01, 20.01, 10000'
  t.is((await points(near)).length, 1)
  const count = await s.request('GET', '/api/point/count', {
    query: query({ where: { point: { near } } }),
  })
  t.deepEqual(count.body, { totalDocs: 1 })
  t.is((await points('11, 21, 5000')).length, 0, 'a point far away')
})

test.serial('near: a null maxDistance is left out and minDistance applies', async (t) => {
  // [10.01, 20.01] is about 1.5 km from [10, 20].
  t.is((await points('10.01, 20.01, null, 1500')).length, 1)
  t.is((await points('10.01, 20.01, null, 1700')).length, 0)
  // The same through the Local API and with the array form.
  const local = await s.cms.find({
    collection: 'point',
    where: { point: { near: [10.01, 20.01, null, 1500] } },
  })
  t.is(local.totalDocs, 1)
})

test.serial('near: true metres at high latitudes', async (t) => {
  const created = await s.cms.create({
    collection: 'point',
    data: { point: [-74.0059, 40.7128 + 0.0898] }, // about 10 km north of the query point
  })
  try {
    t.true(ids(await points('-74.0059, 40.7128, 12000')).includes(created.id))
    t.false(ids(await points('-74.0059, 40.7128, 9000')).includes(created.id))
  } finally {
    await s.cms.delete({ collection: 'point', id: created.id })
  }
})

test.serial('near: results are sorted by distance', async (t) => {
  const made = []
  for (const lng of [0.8, 0.1, 0.5, 0.3, 0.7])
    made.push(await s.cms.create({ collection: 'point', data: { point: [lng, 0] } }))
  try {
    const docs = await points('0, 0, 100000, 0', { limit: 5 })
    t.deepEqual(
      docs.map((d) => d.point[0]),
      [0.1, 0.3, 0.5, 0.7, 0.8],
    )
  } finally {
    for (const d of made) await s.cms.delete({ collection: 'point', id: d.id })
  }
})

test.serial('Error Handler: internal errors carry the minimum', async (t) => {
  const r = await s.request('GET', '/api/internal-error-here', { direct: 'a custom root endpoint' })
  t.is(r.status, 500)
  t.deepEqual(
    r.body.errors.map((e: { message: string }) => e.message),
    ['Something went wrong.'],
  )
  t.false(r.text.includes('kaboom'))
})
