import test from 'ava'
import { explained, sharedDatabaseUrl as database } from '../helpers/db.ts'
import { startHealthyServer, stopServerProcess as stop } from '../../scripts/server-process.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { listDeliveries } from '../../server/db/stores/outbox.ts'
import { Receiver, until } from './receiver.ts'
import { FAST } from './setup.ts'

/**
 * Several servers on one database: each event is delivered once between two CMS instances, and kill -9 of a real
 * server process mid-delivery loses nothing (at least once: a restarted server takes the expired leases over).
 */
const SECRET = 'a-shared-secret-of-at-least-thirty-two-bytes'

test.serial('two CMS instances on one database deliver each event exactly once', async (t) => {
  const db = await database()
  const receiver = new Receiver()
  const url = await receiver.listen()
  const config = {
    collections: [{ slug: 'posts', fields: [{ name: 'title', type: 'text' as const }] }],
    webhooks: {
      ...FAST,
      // Config endpoints only: two instances in one process share SQLite through two synchronous connections, and
      // the subscriptions' reads of the webhooks collection would wait on the other instance's lock in this thread.
      collection: false,
      pollInterval: 10,
      endpoints: [{ url, secret: receiver.secret }],
    },
    db: { url: db.url },
  }
  const a = await getCms({ config })
  const b = await getCms({ config })
  t.teardown(async () => {
    await a.destroy()
    await b.destroy()
    await receiver.close()
    await db.drop()
  })
  const ids: (string | number)[] = []
  for (let i = 0; i < 40; i++) {
    const cms = i % 2 ? a : b
    ids.push((await cms.create({ collection: 'posts', data: { title: `p${i}` } })).id)
  }
  await until('40 deliveries', () => receiver.delivered().length >= 40)
  await until('the outbox settled', async () =>
    (await listDeliveries(a.db)).every((r) => r.status === 'delivered'),
  )
  t.is(receiver.requests.length, 40, 'no event was sent twice')
  t.deepEqual(
    receiver
      .delivered()
      .map((e) => e.data.id)
      .sort(),
    [...ids].sort(),
  )
  const attempts = new Set((await listDeliveries(a.db)).map((r) => r.attempts))
  t.deepEqual([...attempts], [1], 'each row was attempted once')
})

const start = (url: string, receiver: Receiver) =>
  explained(
    url,
    startHealthyServer({
      CMS_CONFIG_PATH: 'test/webhooks/server.config.ts',
      DATABASE_URL: url,
      CMS_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      WEBHOOK_URL: `http://127.0.0.1:${receiver.port}/hook`,
      WEBHOOK_SECRET: receiver.secret,
      WEBHOOK_LEASE: '1000',
    }),
  )

test.serial('kill -9 of a server mid-delivery loses no event', async (t) => {
  const db = await database()
  const receiver = new Receiver()
  await receiver.listen()
  t.teardown(async () => {
    await receiver.close()
    await db.drop()
  })
  // The receiver holds each request a while: the kill comes while deliveries are in flight.
  let hold = true
  receiver.answer = () => new Promise((r) => setTimeout(() => r(200), hold ? 300 : 0))
  let server = await start(db.url, receiver)
  const login = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
  })
  const { token } = (await login.json()) as { token: string }
  const created: number[] = []
  for (let i = 0; i < 30; i++) {
    const r = await fetch(`${server.base}/api/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Hook ${i}`, slug: `hook-${i}` }),
    })
    t.is(r.status, 201)
    created.push(((await r.json()) as { doc: { id: number } }).doc.id)
  }
  await until('some deliveries in flight', () => receiver.requests.length >= 3)
  await stop(server.child, 'SIGKILL')
  const beforeKill = receiver.requests.length
  hold = false
  server = await start(db.url, receiver)
  t.teardown(() => stop(server.child))
  await until('every category delivered', () => {
    const got = new Set(receiver.delivered().map((e) => e.data.id))
    return created.every((id) => got.has(id))
  })
  // The example's seed created categories of its own at the first start: their events come too.
  const delivered = receiver.delivered().filter((e) => created.includes(Number(e.data.id)))
  t.is(delivered.length, 30, 'one webhook-id per event (duplicates share their id)')
  t.deepEqual(
    delivered.map((e) => e.data.id).sort((x, y) => Number(x) - Number(y)),
    created,
  )
  t.true(delivered.every((e) => e.type === 'categories.created'))
  t.log(`${beforeKill} requests before the kill, ${receiver.requests.length} in all`)
})
