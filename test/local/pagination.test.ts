import test from 'ava'
import type { Cms } from '../../server/local/cms.ts'
import { catalogConfig } from '../fixtures/catalog.ts'
import { countQueries, rejectsWith, useCms } from '../helpers/db.ts'

async function seed(cms: Cms) {
  const makers = []
  for (const name of ['M1', 'M2', 'M3'])
    makers.push(await cms.create({ collection: 'makers', data: { name } }))
  // 25 products: price cycles through 5 values so sorting needs the second key and the id tiebreaker.
  for (let i = 1; i <= 25; i++) {
    await cms.create({
      collection: 'products',
      data: {
        title: `P${String(i).padStart(2, '0')}`,
        price: i % 5,
        stock: i,
        maker: makers[i % 3].id,
        dimensions: { width: 100 - i },
      },
    })
  }
}
const state = useCms(test, catalogConfig, seed)

test('the list body carries all ten fields, computed like Payload', async (t) => {
  const r = await state.cms.find({ collection: 'products', limit: 10, page: 2, sort: 'title' })
  t.deepEqual(
    r.docs.map((d) => d.title),
    ['P11', 'P12', 'P13', 'P14', 'P15', 'P16', 'P17', 'P18', 'P19', 'P20'],
  )
  const { docs, ...meta } = r
  void docs
  t.deepEqual(meta, {
    totalDocs: 25,
    limit: 10,
    totalPages: 3,
    page: 2,
    pagingCounter: 11,
    hasPrevPage: true,
    hasNextPage: true,
    prevPage: 1,
    nextPage: 3,
  })
  const last = await state.cms.find({ collection: 'products', limit: 10, page: 3, sort: 'title' })
  t.deepEqual(
    last.docs.map((d) => d.title),
    ['P21', 'P22', 'P23', 'P24', 'P25'],
  )
  t.like(last, {
    totalDocs: 25,
    totalPages: 3,
    page: 3,
    pagingCounter: 21,
    hasPrevPage: true,
    hasNextPage: false,
    prevPage: 2,
    nextPage: null,
  })
  const beyond = await state.cms.find({ collection: 'products', limit: 10, page: 9 })
  t.like(beyond, { docs: [], totalDocs: 25, page: 9, hasNextPage: false, prevPage: 8 })
  const none = await state.cms.find({ collection: 'products', where: { title: { equals: 'zzz' } } })
  t.like(none, {
    docs: [],
    totalDocs: 0,
    limit: 10,
    totalPages: 1,
    page: 1,
    pagingCounter: 1,
    hasPrevPage: false,
    hasNextPage: false,
    prevPage: null,
    nextPage: null,
  })
})

test('defaults: limit 10, page 1, newest first', async (t) => {
  const r = await state.cms.find({ collection: 'products' })
  t.is(r.docs.length, 10)
  t.like(r, { limit: 10, page: 1, totalDocs: 25 })
  t.deepEqual(
    r.docs.slice(0, 2).map((d) => d.title),
    ['P25', 'P24'],
  )
})

test.serial(
  'limit 0 and pagination false return every document without a count query',
  async (t) => {
    const all = await countQueries(state.cms, () =>
      state.cms.find({ collection: 'products', limit: 0 }),
    )
    t.is(all.result.docs.length, 25)
    t.like(all.result, { totalDocs: 25, totalPages: 1, page: 1, hasNextPage: false })
    t.false(all.statements.some((s) => /COUNT\(\*\)/.test(s)))
    const capped = await state.cms.find({ collection: 'products', pagination: false, limit: 7 })
    t.is(capped.docs.length, 7)
    t.is(capped.totalDocs, 7)
  },
)

test('sort by several keys, descending with "-", through groups; id breaks ties so pages never overlap', async (t) => {
  const r = await state.cms.find({ collection: 'products', sort: 'price,-stock', limit: 6 })
  t.deepEqual(
    r.docs.map((d) => [d.price, d.stock]),
    [
      [0, 25],
      [0, 20],
      [0, 15],
      [0, 10],
      [0, 5],
      [1, 21],
    ],
  )
  const arr = await state.cms.find({ collection: 'products', sort: ['-price', 'title'], limit: 2 })
  t.deepEqual(
    arr.docs.map((d) => d.title),
    ['P04', 'P09'],
  )
  const group = await state.cms.find({ collection: 'products', sort: 'dimensions.width', limit: 1 })
  t.is(group.docs[0].title, 'P25')
  // Walking pages sorted on a heavily tied key visits every document exactly once.
  const seen: number[] = []
  for (let page = 1; page <= 9; page++)
    seen.push(
      ...(await state.cms.find({ collection: 'products', sort: 'price', limit: 3, page })).docs.map(
        (d) => d.id as number,
      ),
    )
  t.is(new Set(seen).size, 25)
  t.is(seen.length, 25)
  const created = await state.cms.find({ collection: 'products', sort: 'createdAt', limit: 1 })
  t.is(created.docs[0].title, 'P01')
})

test('bad pagination and sort parameters are 400s', async (t) => {
  await rejectsWith(t, state.cms.find({ collection: 'products', limit: -1 }), 'BadRequest', 400)
  await rejectsWith(t, state.cms.find({ collection: 'products', limit: 1.5 }), 'BadRequest', 400)
  await rejectsWith(t, state.cms.find({ collection: 'products', limit: 1001 }), 'BadRequest', 400)
  await rejectsWith(t, state.cms.find({ collection: 'products', page: 0 }), 'BadRequest', 400)
  const e = await rejectsWith(
    t,
    state.cms.find({ collection: 'products', sort: 'nope' }),
    'QueryError',
    400,
  )
  t.regex(e.message, /nope/)
  await rejectsWith(
    t,
    state.cms.find({ collection: 'products', sort: 'variants' }),
    'QueryError',
    400,
  )
  await rejectsWith(
    t,
    state.cms.find({ collection: 'products', sort: 'title; DROP TABLE products' }),
    'QueryError',
    400,
  )
})

test.serial(
  'reading a page costs the same number of queries whatever its size (no N+1)',
  async (t) => {
    const small = await countQueries(state.cms, () =>
      state.cms.find({ collection: 'products', limit: 2, depth: 0 }),
    )
    const large = await countQueries(state.cms, () =>
      state.cms.find({ collection: 'products', limit: 20, depth: 0 }),
    )
    t.is(small.result.docs.length, 2)
    t.is(large.result.docs.length, 20)
    t.is(small.queries, 2) // the page and its count
    t.is(large.queries, small.queries)
    const last = await countQueries(state.cms, () =>
      state.cms.find({ collection: 'products', limit: 20, page: 2, depth: 0 }),
    )
    t.is(last.queries, 1) // a partial last page needs no count
  },
)

test('count answers totalDocs for a where', async (t) => {
  t.deepEqual(await state.cms.count({ collection: 'products' }), { totalDocs: 25 })
  t.deepEqual(await state.cms.count({ collection: 'products', where: { price: { equals: 0 } } }), {
    totalDocs: 5,
  })
  t.deepEqual(
    await state.cms.count({ collection: 'products', where: { 'maker.name': { equals: 'M1' } } }),
    { totalDocs: 8 },
  )
})
