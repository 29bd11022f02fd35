import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { signToken } from '../../server/auth/tokens.ts'
import { createSession } from '../../server/db/stores/sessions.ts'
import type { Config } from '../../server/config/types.ts'
import { sign } from '../../server/orders/webhooks.ts'
import { countQueries } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

process.env.PAYMENTS_WEBHOOK_SECRET = 'test-webhook-secret'
const config: Config = { ...exampleConfig, email: { sendEmail: () => {} } }
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
  await cms.create({
    collection: 'users',
    data: { email: 'carol@example.com', password: 'carol-password', roles: ['member'] },
  })
  await cms.create({
    collection: 'users',
    data: { email: 'dave@example.com', password: 'dave-password', roles: ['member'] },
  })
})

const tokens = new Map<string, string>()
async function tokenOf(name: string): Promise<string> {
  if (!tokens.has(name))
    tokens.set(
      name,
      (
        await s.request('POST', '/api/users/login', {
          body: { email: `${name}@example.com`, password: `${name}-password` },
        })
      ).body.token,
    )
  return tokens.get(name)!
}
const as = async (name: string) => ({ authorization: `Bearer ${await tokenOf(name)}` })
const item = { product: 'Notebook', quantity: 2, unit_price: 4.25 }
async function newOrder(name: string) {
  const r = await s.request('POST', '/api/v1/orders', {
    body: { items: [item] },
    headers: await as(name),
  })
  return r.body.data as { id: number; status: string; user_id: number; total_amount: number }
}

test('401 without a token, with a malformed, an expired and a logged-out token; problem+json bodies', async (t) => {
  const none = await s.request('GET', '/api/v1/orders')
  t.is(none.status, 401)
  t.regex(none.headers.get('content-type') ?? '', /application\/problem\+json/)
  t.like(none.body, { type: 'about:blank', title: 'Unauthorized', status: 401 })
  t.is(
    (await s.request('GET', '/api/v1/orders', { headers: { authorization: 'Bearer not.a.token' } }))
      .status,
    401,
  )
  const user = (
    await s.cms.find({ collection: 'users', where: { email: { equals: 'dave@example.com' } } })
  ).docs[0]
  const { sid } = await createSession(s.cms.db, 'users', user.id as number, {
    tokenExpiration: 60,
    sessionLifetime: 3600,
  })
  const expired = await signToken(
    s.cms.config,
    { id: user.id as number, collection: 'users', sid },
    -10,
  )
  t.is(
    (
      await s.request('GET', '/api/v1/orders', {
        headers: { authorization: `Bearer ${expired.token}` },
      })
    ).status,
    401,
  )
  const login = (
    await s.request('POST', '/api/users/login', {
      body: { email: 'dave@example.com', password: 'dave-password' },
    })
  ).body.token
  t.is(
    (
      await s.request('POST', '/api/v1/auth/logout', {
        headers: { authorization: `Bearer ${login}` },
      })
    ).status,
    204,
  )
  t.is(
    (await s.request('GET', '/api/v1/orders', { headers: { authorization: `Bearer ${login}` } }))
      .status,
    401,
  )
})

test('create: owned by the caller, pending, total computed by the server; owner, status or total in the body is a 422', async (t) => {
  const r = await s.request('POST', '/api/v1/orders', {
    body: { items: [item, { product: 'Pen', quantity: 3, unit_price: 1.1 }] },
    headers: await as('carol'),
  })
  t.is(r.status, 201)
  const carol = (
    await s.cms.find({ collection: 'users', where: { email: { equals: 'carol@example.com' } } })
  ).docs[0]
  t.like(r.body.data, { user_id: carol.id, status: 'pending', total_amount: 11.8 })
  t.is(r.body.data.items.length, 2)
  for (const extra of [{ user_id: 1 }, { status: 'paid' }, { total_amount: 0 }]) {
    const bad = await s.request('POST', '/api/v1/orders', {
      body: { items: [item], ...extra },
      headers: await as('carol'),
      invalid: 'a field the server sets',
    })
    t.is(bad.status, 422, JSON.stringify(extra))
    t.is(bad.body.title, 'Unprocessable Content')
  }
  t.is(
    (
      await s.request('POST', '/api/v1/orders', {
        body: { items: [] },
        headers: await as('carol'),
        invalid: 'an order without items',
      })
    ).status,
    422,
  )
  t.is(
    (
      await s.request('POST', '/api/v1/orders', {
        body: { items: [{ product: 'x', quantity: 0, unit_price: 1 }] },
        headers: await as('carol'),
        invalid: 'a quantity below its minimum',
      })
    ).status,
    422,
  )
})

test("the list holds only the caller's orders, 20 a page, newest first, with page meta", async (t) => {
  const alice = (await s.request('GET', '/api/v1/orders', { headers: await as('alice') })).body
  const aliceUser = (
    await s.cms.find({ collection: 'users', where: { email: { equals: 'alice@example.com' } } })
  ).docs[0]
  t.true(alice.data.length >= 3)
  t.true(alice.data.every((o: { user_id: number }) => o.user_id === aliceUser.id))
  const bob = (await s.request('GET', '/api/v1/orders', { headers: await as('bob') })).body
  t.false(bob.data.some((o: { user_id: number }) => o.user_id === aliceUser.id))

  const ids: number[] = []
  for (let i = 0; i < 23; i++) ids.push((await newOrder('dave')).id)
  const p1 = (await s.request('GET', '/api/v1/orders', { headers: await as('dave') })).body
  const p2 = (
    await s.request('GET', '/api/v1/orders', { query: { page: '2' }, headers: await as('dave') })
  ).body
  t.is(p1.data.length, 20)
  t.deepEqual(p1.meta, { current_page: 1, per_page: 20, total: 23, last_page: 2 })
  t.is(p2.data.length, 3)
  t.deepEqual(
    [...p1.data, ...p2.data].map((o: { id: number }) => o.id),
    [...ids].reverse(),
  )
})

test("detail: the caller's order with its items; another member's order is a 404 like a missing one", async (t) => {
  const own = await newOrder('bob')
  const r = await s.request('GET', `/api/v1/orders/${own.id}`, { headers: await as('bob') })
  t.is(r.status, 200)
  t.deepEqual(r.body.data.items, [item])
  const other = await s.request('GET', `/api/v1/orders/${own.id}`, { headers: await as('alice') })
  const missing = await s.request('GET', '/api/v1/orders/99999999', { headers: await as('alice') })
  t.is(other.status, 404)
  t.deepEqual(other.body, missing.body)
})

test('cancel: owner only (403), missing 404, pending 200, shipped or cancelled 409', async (t) => {
  const order = await newOrder('bob')
  t.is(
    (await s.request('POST', `/api/v1/orders/${order.id}/cancel`, { headers: await as('alice') }))
      .status,
    403,
  )
  t.is(
    (await s.request('POST', '/api/v1/orders/99999999/cancel', { headers: await as('alice') }))
      .status,
    404,
  )
  const ok = await s.request('POST', `/api/v1/orders/${order.id}/cancel`, {
    headers: await as('bob'),
  })
  t.is(ok.status, 200)
  t.is(ok.body.data.status, 'cancelled')
  t.false('total_amount' in ok.body.data)
  const again = await s.request('POST', `/api/v1/orders/${order.id}/cancel`, {
    headers: await as('bob'),
  })
  t.is(again.status, 409)
  t.is(again.body.title, 'Conflict')
  const shipped = (
    await s.request('GET', '/api/v1/orders', { headers: await as('bob') })
  ).body.data.find((o: { status: string }) => o.status === 'shipped')
  t.is(
    (await s.request('POST', `/api/v1/orders/${shipped.id}/cancel`, { headers: await as('bob') }))
      .status,
    409,
  )
})

test('admin features: 403 for members; admins still get 409 for state problems', async (t) => {
  t.is((await s.request('GET', '/api/v1/admin/orders', { headers: await as('alice') })).status, 403)
  const order = await newOrder('carol')
  t.is(
    (
      await s.request('POST', `/api/v1/admin/orders/${order.id}/ship`, {
        headers: await as('carol'),
      })
    ).status,
    403,
  )
  const before = (await s.cms.count({ collection: 'orders' })).totalDocs
  const all = (await s.request('GET', '/api/v1/admin/orders', { headers: await as('admin') })).body
  const after = (await s.cms.count({ collection: 'orders' })).totalDocs
  t.true(
    all.meta.total >= before && all.meta.total <= after,
    "every member's orders (other tests create some meanwhile)",
  )
  t.is(all.data.length, 20)
  const shipped = await s.request('POST', `/api/v1/admin/orders/${order.id}/ship`, {
    headers: await as('admin'),
  })
  t.is(shipped.body.data.status, 'shipped')
  t.is(
    (
      await s.request('POST', `/api/v1/admin/orders/${order.id}/ship`, {
        headers: await as('admin'),
      })
    ).status,
    409,
  )
  const cancelled = await newOrder('carol')
  await s.request('POST', `/api/v1/orders/${cancelled.id}/cancel`, { headers: await as('carol') })
  t.is(
    (
      await s.request('POST', `/api/v1/admin/orders/${cancelled.id}/ship`, {
        headers: await as('admin'),
      })
    ).status,
    409,
  )
  // The admin's own shipped order: the role does not skip the state check.
  const own = await newOrder('admin')
  await s.request('POST', `/api/v1/admin/orders/${own.id}/ship`, { headers: await as('admin') })
  t.is(
    (await s.request('POST', `/api/v1/orders/${own.id}/cancel`, { headers: await as('admin') }))
      .status,
    409,
  )
  // And an admin is not the owner of a member's order.
  t.is(
    (
      await s.request('POST', `/api/v1/orders/${(await newOrder('carol')).id}/cancel`, {
        headers: await as('admin'),
      })
    ).status,
    403,
  )
})

test('concurrent cancel and ship of one order leave it in exactly one state', async (t) => {
  for (let round = 0; round < 5; round++) {
    const order = await newOrder('carol')
    const [cancel, ship] = await Promise.all([
      s.request('POST', `/api/v1/orders/${order.id}/cancel`, { headers: await as('carol') }),
      s.request('POST', `/api/v1/admin/orders/${order.id}/ship`, { headers: await as('admin') }),
    ])
    t.deepEqual([cancel.status, ship.status].sort(), [200, 409])
    const final = (await s.cms.findByID({ collection: 'orders', id: order.id })).status
    t.is(final, cancel.status === 200 ? 'cancelled' : 'shipped')
  }
})

test.serial(
  'narrowing happens in SQL: a member with no orders among thousands gets an empty page and a total of 0',
  async (t) => {
    const others = (
      await s.cms.find({ collection: 'users', where: { email: { equals: 'alice@example.com' } } })
    ).docs[0]
    const now = new Date().toISOString()
    const values: unknown[] = []
    const rows: string[] = []
    for (let i = 0; i < 3000; i++) {
      rows.push('(?, ?, ?, ?, ?, ?)')
      values.push(others.id, 'pending', JSON.stringify([item]), 8.5, now, now)
    }
    await s.cms.db.run(
      `INSERT INTO orders (${['user', 'status', 'items', 'total_amount', 'createdAt', 'updatedAt'].map((c) => s.cms.db.dialect.quote(c)).join(', ')}) VALUES ${rows.join(', ')}`,
      values,
    )
    await s.cms.create({
      collection: 'users',
      data: { email: 'empty@example.com', password: 'empty-password', roles: ['member'] },
    })
    const headers = await as('empty')
    const { result, statements } = await countQueries(s.cms, () =>
      s.request('GET', '/api/v1/orders', { headers }),
    )
    t.deepEqual(result.body, {
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
    })
    const listing = statements.filter((sql) => /FROM\s+\S*orders\S*\s+AS t/i.test(sql))
    t.true(listing.length > 0)
    t.true(
      listing.every((sql) => /"user"|`user`/.test(sql)),
      'every query of orders names the owner column',
    )
  },
)

test('payment webhook: a valid signature marks the order paid once; replays, bad and stale signatures change nothing', async (t) => {
  const order = await newOrder('bob')
  const event = JSON.stringify({
    id: `evt_${order.id}`,
    type: 'payment.succeeded',
    data: { order: order.id, amount: order.total_amount, currency: 'EUR' },
  })
  const now = Math.floor(Date.now() / 1000)
  const post = (body: string, signature: string) =>
    s.request('POST', '/api/v1/webhooks/payments', {
      raw: body,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    })
  // Not signed by the provider (another secret, or too old): 401; a header not of the form: 400.
  const bad = await post(event, sign('wrong-secret', now, event))
  t.is(bad.status, 401)
  t.is((await s.cms.findByID({ collection: 'orders', id: order.id })).status, 'pending')
  t.is((await post(event, sign('test-webhook-secret', now - 3600, event))).status, 401)
  const malformed = await s.request('POST', '/api/v1/webhooks/payments', {
    raw: event,
    headers: { 'content-type': 'application/json', 'x-signature': 'v1=abc' },
    invalid: 'an X-Signature not of the form',
  })
  t.is(malformed.status, 400)
  const ok = await post(event, sign('test-webhook-secret', now, event))
  t.deepEqual(ok.body, { received: true })
  const paid = await s.cms.findByID({ collection: 'orders', id: order.id })
  t.is(paid.status, 'paid')
  const replay = await post(event, sign('test-webhook-secret', now, event))
  t.deepEqual(replay.body, { received: true, duplicate: true })
  t.is((await s.cms.findByID({ collection: 'orders', id: order.id })).paidAt, paid.paidAt)
})
