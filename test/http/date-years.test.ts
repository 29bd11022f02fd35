import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { rejectsWith } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Dates are stored and compared as ISO text, which holds only for years 0001–9999 (`+010000-…` past that; PostgreSQL has no year 0000):
 * a where value or a written date outside that range is refused, never compared as text.
 */
const anyone = () => true
const config = defineConfig({
  collections: [
    {
      slug: 'events',
      access: { read: anyone, create: anyone, update: anyone, delete: anyone },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'at', type: 'date' },
        { name: 'meta', type: 'group', fields: [{ name: 'until', type: 'date' }] },
      ],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  for (const [title, at] of [
    ['first', '2026-01-01T00:00:00.000Z'],
    ['last', '9999-12-31T00:00:00.000Z'],
  ]) {
    await cms.create({ collection: 'events', data: { title, at } })
  }
})

test('a where date past 9999 or before 0001 is a 400 QueryError naming the path, on Local and REST', async (t) => {
  for (const value of [
    '10000-01-01',
    '+010000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '0000-06-01T00:00:00.000Z',
  ]) {
    const local = s.cms.find({ collection: 'events', where: { at: { greater_than: value } } })
    const e = await rejectsWith(t, local, 'QueryError', 400)
    t.deepEqual(
      (e.data as { path: string }[]).map((p) => p.path),
      ['at'],
    )
    const r = await s.request('GET', '/api/events', { query: { 'where[at][greater_than]': value } })
    t.is(r.status, 400, value)
    t.is(r.body.errors[0].name, 'QueryError')
    t.regex(r.body.errors[0].message, /\bat\b/)
  }
  const nested = s.cms.count({
    collection: 'events',
    where: { 'meta.until': { less_than: '10000-01-01' } },
  })
  await rejectsWith(t, nested, 'QueryError', 400)
  // The boundaries themselves still work.
  const edge = await s.request('GET', '/api/events', {
    query: { 'where[at][greater_than]': '9999-12-30' },
  })
  t.is(edge.body.totalDocs, 1)
  t.is(
    (
      await s.cms.count({
        collection: 'events',
        where: { at: { greater_than_equal: '0001-01-01' } },
      })
    ).totalDocs,
    2,
  )
})

test('writing a date outside 0001–9999 is a validation error on its path, and nothing is written', async (t) => {
  for (const at of ['10000-01-01', '0000-06-01T00:00:00.000Z']) {
    const far = s.cms.create({ collection: 'events', data: { title: 'far', at } })
    const e = await rejectsWith(t, far, 'ValidationError', 400)
    t.deepEqual(
      (e.data as { errors: { path: string }[] }).errors.map((x) => x.path),
      ['at'],
    )
  }
  const body = { title: 'far', meta: { until: '+010000-01-01T00:00:00.000Z' } }
  const r = await s.request('POST', '/api/events', { body, invalid: 'a date-time past 9999' })
  t.is(r.status, 400)
  t.deepEqual(
    r.body.errors[0].data.errors.map((x: { path: string }) => x.path),
    ['meta.until'],
  )
  const first = (await s.cms.find({ collection: 'events', where: { title: { equals: 'first' } } }))
    .docs[0]
  const p = await s.request('PATCH', `/api/events/${first.id}`, {
    body: { at: '-000001-06-01T00:00:00.000Z' },
    invalid: 'a date-time before 0000',
  })
  t.is(p.status, 400)
  t.is(
    (await s.cms.findByID({ collection: 'events', id: first.id })).at,
    '2026-01-01T00:00:00.000Z',
  )
  t.is(
    (await s.cms.count({ collection: 'events', where: { title: { equals: 'far' } } })).totalDocs,
    0,
  )
})
