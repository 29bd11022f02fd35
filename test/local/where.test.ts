import test from 'ava'
import type { Cms } from '../../server/local/cms.ts'
import type { Where } from '../../server/config/types.ts'
import { catalogConfig } from '../fixtures/catalog.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

/** Seeds a small catalogue whose every product is named by title, so results are compared as title lists. */
async function seed(cms: Cms) {
  const acme = await cms.create({
    collection: 'makers',
    data: { name: 'Acme', country: 'de', verified: true },
  })
  const bolt = await cms.create({
    collection: 'makers',
    data: { name: 'Bolt & Co', country: 'jp' },
  })
  const mk = (data: Record<string, unknown>) => cms.create({ collection: 'products', data })
  const hammer = await mk({
    title: 'Red Hammer',
    sku: 'A1',
    price: 10,
    stock: 5,
    kind: 'tool',
    colors: ['red'],
    maker: acme.id,
    releasedAt: '2026-01-10T00:00:00.000Z',
    location: [13.405, 52.52],
    dimensions: { width: 30, unit: 'cm' },
    variants: [
      { label: 'small', extra: 1 },
      { label: 'large', extra: 3 },
    ],
    sections: [{ blockType: 'text', heading: 'Strong steel' }],
    specs: { weight: 2, finish: 'matte' },
    notes: 'A 100% steel_head hammer',
  })
  const kite = await mk({
    title: 'Blue Kite',
    sku: 'B2',
    price: 25.5,
    stock: 0,
    kind: 'toy',
    colors: ['blue', 'green'],
    maker: bolt.id,
    releasedAt: '2026-02-20T00:00:00.000Z',
    location: [13.45, 52.5],
    dimensions: { width: 80, unit: 'in' },
    variants: [{ label: 'kids' }],
    sections: [{ blockType: 'gallery', count: 4 }],
    featuredIn: { relationTo: 'makers', value: acme.id },
  })
  await mk({
    title: 'Green Book',
    price: 8,
    stock: 12,
    kind: 'book',
    colors: [],
    maker: acme.id,
    active: false,
    alternatives: [hammer.id, kite.id],
    location: [2.35, 48.85],
    featuredIn: { relationTo: 'products', value: kite.id },
  })
  await mk({ title: 'Mystery Box', price: 40, location: [13.5, 52.55] })
  return { acme, bolt, hammer, kite }
}

const state = useCms(test, catalogConfig, seed)
const titles = async (where: Where, sort = 'title') =>
  (await state.cms.find({ collection: 'products', where, sort, limit: 100 })).docs.map(
    (d) => d.title,
  )

test('equals and not_equals (nulls match not_equals)', async (t) => {
  t.deepEqual(await titles({ kind: { equals: 'tool' } }), ['Red Hammer'])
  t.deepEqual(await titles({ kind: { not_equals: 'tool' } }), [
    'Blue Kite',
    'Green Book',
    'Mystery Box',
  ])
  t.deepEqual(await titles({ kind: { equals: null } }), ['Mystery Box'])
  t.deepEqual(await titles({ kind: { not_equals: null } }), [
    'Blue Kite',
    'Green Book',
    'Red Hammer',
  ])
  t.deepEqual(await titles({ active: { equals: 'false' } }), ['Green Book'])
  t.deepEqual(await titles({ price: { equals: '25.5' } }), ['Blue Kite'])
})

test('in and not_in take arrays and comma-separated lists', async (t) => {
  t.deepEqual(await titles({ kind: { in: ['tool', 'book'] } }), ['Green Book', 'Red Hammer'])
  t.deepEqual(await titles({ kind: { in: 'tool,toy' } }), ['Blue Kite', 'Red Hammer'])
  t.deepEqual(await titles({ kind: { not_in: ['tool', 'book'] } }), ['Blue Kite', 'Mystery Box'])
  t.deepEqual(await titles({ price: { in: [8, 40] } }), ['Green Book', 'Mystery Box'])
  t.deepEqual(await titles({ kind: { in: [] } }), [])
  t.deepEqual(await titles({ kind: { in: ['toy', null] } }), ['Blue Kite', 'Mystery Box'])
})

test('comparisons on numbers and dates', async (t) => {
  t.deepEqual(await titles({ price: { greater_than: 10 } }), ['Blue Kite', 'Mystery Box'])
  t.deepEqual(await titles({ price: { greater_than_equal: 10 } }), [
    'Blue Kite',
    'Mystery Box',
    'Red Hammer',
  ])
  t.deepEqual(await titles({ price: { less_than: '10' } }), ['Green Book'])
  t.deepEqual(await titles({ price: { less_than_equal: 10 } }), ['Green Book', 'Red Hammer'])
  t.deepEqual(await titles({ releasedAt: { greater_than: '2026-02-01' } }), ['Blue Kite'])
  t.deepEqual(await titles({ releasedAt: { less_than: '2026-02-01T00:00:00Z' } }), ['Red Hammer'])
})

test('contains is a case-insensitive substring; like needs every word; metacharacters are literal', async (t) => {
  t.deepEqual(await titles({ title: { contains: 'KIT' } }), ['Blue Kite'])
  t.deepEqual(await titles({ title: { like: 'hammer red' } }), ['Red Hammer'])
  t.deepEqual(await titles({ title: { like: 'red kite' } }), [])
  t.deepEqual(await titles({ notes: { contains: '100%' } }), ['Red Hammer'])
  t.deepEqual(await titles({ notes: { contains: '0% s' } }), ['Red Hammer'])
  t.deepEqual(await titles({ notes: { contains: 'l_h' } }), ['Red Hammer'])
  t.deepEqual(await titles({ notes: { contains: '_' } }), ['Red Hammer'])
  t.deepEqual(await titles({ title: { contains: '%' } }), [])
  t.deepEqual(await titles({ title: { contains: "' OR 1=1 --" } }), [])
})

test('exists true and false', async (t) => {
  t.deepEqual(await titles({ sku: { exists: true } }), ['Blue Kite', 'Red Hammer'])
  t.deepEqual(await titles({ sku: { exists: 'false' } }), ['Green Book', 'Mystery Box'])
  t.deepEqual(await titles({ colors: { exists: true } }), ['Blue Kite', 'Red Hammer'])
  t.deepEqual(await titles({ variants: { exists: false } }), ['Green Book', 'Mystery Box'])
  t.deepEqual(await titles({ location: { exists: true } }), [
    'Blue Kite',
    'Green Book',
    'Mystery Box',
    'Red Hammer',
  ])
})

test('near orders by distance and honours max and min distance in metres', async (t) => {
  // From the Brandenburg Gate: Red Hammer ~2.5 km, Blue Kite ~5 km, Mystery Box ~7.5 km, Green Book (Paris) ~880 km.
  const near = (v: string) =>
    state.cms
      .find({ collection: 'products', where: { location: { near: v } }, limit: 10 })
      .then((r) => r.docs.map((d) => d.title))
  t.deepEqual(await near('13.377,52.516'), ['Red Hammer', 'Blue Kite', 'Mystery Box', 'Green Book'])
  t.deepEqual(await near('13.377,52.516,6000'), ['Red Hammer', 'Blue Kite'])
  t.deepEqual(await near('13.377,52.516,10000,3000'), ['Blue Kite', 'Mystery Box'])
  t.deepEqual(await near('2.35,48.85,1000'), ['Green Book'])
  await rejectsWith(t, near('999,0'), 'QueryError', 400)
  await rejectsWith(
    t,
    state.cms.find({ collection: 'products', where: { price: { near: '1,2' } } }),
    'QueryError',
    400,
  )
})

test('and / or nest to any depth', async (t) => {
  t.deepEqual(
    await titles({ or: [{ kind: { equals: 'tool' } }, { price: { greater_than: 30 } }] }),
    ['Mystery Box', 'Red Hammer'],
  )
  t.deepEqual(
    await titles({
      and: [
        { price: { greater_than: 5 } },
        {
          or: [
            { kind: { equals: 'book' } },
            { and: [{ stock: { equals: 0 } }, { colors: { equals: 'blue' } }] },
          ],
        },
      ],
    }),
    ['Blue Kite', 'Green Book'],
  )
  // Several operators on one path, and several paths, are ANDed.
  t.deepEqual(
    await titles({ price: { greater_than: 5, less_than: 20 }, active: { equals: true } }),
    ['Red Hammer'],
  )
  t.deepEqual(await titles({ OR: [{ sku: { equals: 'A1' } }, { sku: { equals: 'B2' } }] }), [
    'Blue Kite',
    'Red Hammer',
  ])
})

test('dotted paths reach into groups, arrays, blocks and json', async (t) => {
  t.deepEqual(await titles({ 'dimensions.unit': { equals: 'in' } }), ['Blue Kite'])
  t.deepEqual(await titles({ 'dimensions.width': { greater_than: 50 } }), ['Blue Kite'])
  t.deepEqual(await titles({ 'variants.label': { equals: 'large' } }), ['Red Hammer'])
  t.deepEqual(await titles({ 'variants.extra': { greater_than_equal: 3 } }), ['Red Hammer'])
  t.deepEqual(await titles({ 'variants.label': { not_equals: 'large' } }), [
    'Blue Kite',
    'Green Book',
    'Mystery Box',
  ])
  t.deepEqual(await titles({ 'sections.heading': { contains: 'steel' } }), ['Red Hammer'])
  t.deepEqual(await titles({ 'sections.blockType': { equals: 'gallery' } }), ['Blue Kite'])
  t.deepEqual(await titles({ 'specs.finish': { equals: 'matte' } }), ['Red Hammer'])
  t.deepEqual(await titles({ 'specs.weight': { equals: 2 } }), ['Red Hammer'])
})

test('hasMany values match by element', async (t) => {
  t.deepEqual(await titles({ colors: { equals: 'green' } }), ['Blue Kite'])
  t.deepEqual(await titles({ colors: { in: ['red', 'green'] } }), ['Blue Kite', 'Red Hammer'])
  t.deepEqual(await titles({ colors: { not_in: ['red'] } }), [
    'Blue Kite',
    'Green Book',
    'Mystery Box',
  ])
  t.deepEqual(await titles({ colors: { contains: 'blue' } }), ['Blue Kite'])
})

test('paths go through relationships', async (t) => {
  const { hammer } = state.data
  t.deepEqual(await titles({ 'maker.name': { equals: 'Acme' } }), ['Green Book', 'Red Hammer'])
  t.deepEqual(await titles({ 'maker.country': { equals: 'jp' } }), ['Blue Kite'])
  t.deepEqual(await titles({ 'maker.verified': { equals: true } }), ['Green Book', 'Red Hammer'])
  t.deepEqual(await titles({ maker: { equals: state.data.bolt.id } }), ['Blue Kite'])
  t.deepEqual(await titles({ maker: { exists: false } }), ['Mystery Box'])
  t.deepEqual(await titles({ alternatives: { equals: hammer.id } }), ['Green Book'])
  t.deepEqual(await titles({ 'alternatives.title': { like: 'kite' } }), ['Green Book'])
  t.deepEqual(await titles({ 'featuredIn.relationTo': { equals: 'products' } }), ['Green Book'])
  t.deepEqual(
    await titles({ featuredIn: { equals: { relationTo: 'makers', value: state.data.acme.id } } }),
    ['Blue Kite'],
  )
  t.deepEqual(await titles({ 'maker.id': { in: [state.data.acme.id] } }), [
    'Green Book',
    'Red Hammer',
  ])
})

test('id and createdAt are queryable', async (t) => {
  const { hammer, kite } = state.data
  t.deepEqual(await titles({ id: { in: [hammer.id, kite.id] } }), ['Blue Kite', 'Red Hammer'])
  t.deepEqual(await titles({ createdAt: { less_than_equal: hammer.createdAt } }), ['Red Hammer'])
})

/** Why each path of a QueryError was refused (its data; the message is Payload's, naming the paths only). */
const reasons = (e: { data?: unknown }) =>
  (e.data as { message?: string }[]).map((d) => d.message).join('; ')

test('a bad where is a 400 QueryError naming the path, never a SQL error', async (t) => {
  const bad = (where: unknown) => state.cms.find({ collection: 'products', where: where as Where })
  let e = await rejectsWith(t, bad({ nope: { equals: 1 } }), 'QueryError', 400)
  // Payload's message word for word; the reason is in data.
  t.is(e.message, 'The following path cannot be queried: nope')
  e = await rejectsWith(t, bad({ title: { matches: 'x' } }), 'QueryError', 400)
  t.regex(reasons(e), /unknown operator "matches"/)
  e = await rejectsWith(t, bad({ price: { equals: 'cheap' } }), 'QueryError', 400)
  t.is(e.message, 'The following path cannot be queried: price')
  t.regex(reasons(e), /expects a number/)
  await rejectsWith(t, bad({ releasedAt: { greater_than: 'yesterday-ish' } }), 'QueryError', 400)
  await rejectsWith(t, bad({ active: { equals: 'maybe' } }), 'QueryError', 400)
  await rejectsWith(t, bad({ id: { equals: '1; DROP TABLE products' } }), 'QueryError', 400)
  await rejectsWith(t, bad({ 'dimensions.depth': { equals: 1 } }), 'QueryError', 400)
  await rejectsWith(t, bad({ 'maker.nope': { equals: 1 } }), 'QueryError', 400)
  await rejectsWith(t, bad({ title: 'x' }), 'QueryError', 400)
  await rejectsWith(t, bad({ or: 'x' }), 'QueryError', 400)
  await rejectsWith(t, bad({ variants: { equals: 'x' } }), 'QueryError', 400)
  await rejectsWith(t, bad({ 'specs.a b': { equals: 1 } }), 'QueryError', 400)
  await rejectsWith(t, bad({ price: { contains: 1 } }), 'QueryError', 400)
  await rejectsWith(t, bad(JSON.parse('{"__proto__": {"equals": 1}}')), 'QueryError', 400)
  let deep: Where = { title: { equals: 'x' } }
  for (let i = 0; i < 20; i++) deep = { and: [deep] }
  e = await rejectsWith(t, bad(deep), 'QueryError', 400)
  t.regex(reasons(e), /nest at most 6 levels/)
  // Six levels (five and/or lists around the conditions) is the limit the contract's Where schemas unroll to.
  let six: Where = { title: { equals: 'x' } }
  for (let i = 0; i < 5; i++) six = { or: [six] }
  await t.notThrowsAsync(bad(six))
  await rejectsWith(t, bad({ and: [six] }), 'QueryError', 400)
})
