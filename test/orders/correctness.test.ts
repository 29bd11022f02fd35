import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { sign } from '../../server/orders/webhooks.ts'
import { useServer } from '../helpers/http.ts'

/** Money correctness of the orders API: prices in whole cents, exact totals, payments that match the order. */
process.env.PAYMENTS_WEBHOOK_SECRET = 'test-webhook-secret'
delete process.env.SHOP_CURRENCY // the default, EUR
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, (cms) =>
  cms.config.seed!(cms),
)

let token: string | undefined
async function alice(): Promise<Record<string, string>> {
  const body = { email: 'alice@example.com', password: 'alice-password' }
  token ??= (await s.request('POST', '/api/users/login', { body })).body.token
  return { authorization: `Bearer ${token}` }
}
const create = async (items: unknown[]) =>
  s.request('POST', '/api/v1/orders', { body: { items }, headers: await alice() })
const statusOf = async (id: number) =>
  (await s.cms.findByID({ collection: 'orders', id, depth: 0 })).status
let serial = 0
async function pay(
  order: number,
  amount: unknown,
  currency: unknown,
  id = `evt_${order}_${++serial}`,
) {
  const raw = JSON.stringify({ id, type: 'payment.succeeded', data: { order, amount, currency } })
  const signature = sign('test-webhook-secret', Math.floor(Date.now() / 1000), raw)
  const headers = { 'content-type': 'application/json', 'x-signature': signature }
  return s.request('POST', '/api/v1/webhooks/payments', { raw, headers })
}

test('unit_price must be > 0 with at most two decimals: 422 naming each item path, nothing created', async (t) => {
  for (const price of [0.001, 0.004, 1.005, 0, -1, 1e-7]) {
    const r = await create([
      { product: 'Ok', quantity: 1, unit_price: 2 },
      { product: 'Bad', quantity: 3, unit_price: price },
    ])
    t.is(r.status, 422, String(price))
    t.regex(r.headers.get('content-type') ?? '', /application\/problem\+json/)
    t.like(r.body, { title: 'Unprocessable Content', status: 422 })
    t.deepEqual(
      r.body.errors.map((e: { path: string }) => e.path),
      ['items.1.unit_price'],
      String(price),
    )
  }
  t.is(
    (await s.cms.count({ collection: 'orders', where: { 'items.product': { equals: 'Bad' } } }))
      .totalDocs,
    0,
  )
})

test('total_amount is exact in cents: 3 × 0.1 is 0.3, 0.07 × 100 is 7', async (t) => {
  const a = await create([{ product: 'Dime', quantity: 3, unit_price: 0.1 }])
  t.is(a.status, 201)
  t.is(a.body.data.total_amount, 0.3)
  const b = await create([
    { product: 'Pin', quantity: 100, unit_price: 0.07 },
    { product: 'Pen', quantity: 3, unit_price: 1.1 },
  ])
  t.is(b.body.data.total_amount, 10.3)
  t.is((await s.cms.findByID({ collection: 'orders', id: b.body.data.id })).total_amount, 10.3)
})

test('a payment of another amount or currency does not pay the order: 422; the right one does, once', async (t) => {
  const order = (await create([{ product: 'Mug', quantity: 3, unit_price: 0.1 }])).body.data as {
    id: number
  }
  const wrong: [unknown, unknown, string[]][] = [
    [0.29, 'EUR', ['data.amount']],
    [0.31, 'EUR', ['data.amount']],
    [0.3, 'USD', ['data.currency']],
    [undefined, 'EUR', ['data.amount']],
    [0.3, undefined, ['data.currency']],
    ['0.3', 'EUR', ['data.amount']],
    [0.300001, 'EUR', ['data.amount']],
    [1, 'GBP', ['data.amount', 'data.currency']],
  ]
  for (const [amount, currency, paths] of wrong) {
    const r = await pay(order.id, amount, currency)
    t.is(r.status, 422, `${amount} ${currency}`)
    t.regex(r.headers.get('content-type') ?? '', /application\/problem\+json/)
    t.deepEqual(
      r.body.errors.map((e: { path: string }) => e.path),
      paths,
    )
    t.is(await statusOf(order.id), 'pending')
  }
  // A refused event is not claimed: replaying it is refused again, and it changes nothing.
  t.is((await pay(order.id, 0.3, 'USD', 'evt_refused')).status, 422)
  t.is((await pay(order.id, 0.3, 'USD', 'evt_refused')).status, 422)
  t.is(await statusOf(order.id), 'pending')

  const ok = await pay(order.id, 0.3, 'eur', 'evt_good')
  t.is(ok.status, 200)
  t.deepEqual(ok.body, { received: true })
  t.is(await statusOf(order.id), 'paid')
  const replay = await pay(order.id, 0.3, 'EUR', 'evt_good')
  t.deepEqual(replay.body, { received: true, duplicate: true })
})

test.serial('the shop currency comes from SHOP_CURRENCY', async (t) => {
  const order = (await create([{ product: 'Cap', quantity: 2, unit_price: 12.5 }])).body.data as {
    id: number
  }
  process.env.SHOP_CURRENCY = 'CHF'
  try {
    t.is((await pay(order.id, 25, 'EUR')).status, 422)
    t.is(await statusOf(order.id), 'pending')
    t.is((await pay(order.id, 25, 'CHF')).status, 200)
    t.is(await statusOf(order.id), 'paid')
  } finally {
    delete process.env.SHOP_CURRENCY
  }
})
