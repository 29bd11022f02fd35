import test from 'ava'
import { listDeliveries } from '../../server/db/stores/outbox.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { checkOptions } from '../../server/config/check-options.ts'
import { ConfigError } from '../../server/config/../errors/config-error.ts'
import type { Config } from '../../server/config/types.ts'
import { newSecret, until } from './receiver.ts'
import { FAST, setup } from './setup.ts'

/** Retries, order per document, dead letters, the SSRF rule and the config's checks. */
const posts = { slug: 'posts', fields: [{ name: 'title', type: 'text' as const }] }

test('a receiver down for a while then up gets every event, in order per document', async (t) => {
  const s = await setup((url, secret) => ({
    collections: [posts],
    webhooks: { ...FAST, maxAttempts: 50, endpoints: [{ url, secret }] },
  }))
  t.teardown(s.close)
  let failures = 0
  s.receiver.answer = () => (failures++ < 12 ? 500 : 200)
  const ids = []
  for (let i = 0; i < 3; i++) {
    const doc = await s.cms.create({ collection: 'posts', data: { title: `v0 of ${i}` } })
    ids.push(doc.id)
    for (let v = 1; v <= 3; v++)
      await s.cms.update({ collection: 'posts', id: doc.id, data: { title: `v${v} of ${i}` } })
  }
  await until('12 events delivered', () => s.receiver.delivered().length >= 12)
  t.true(failures > 12, 'the receiver refused some attempts')
  for (const [i, id] of ids.entries()) {
    const titles = s.receiver
      .delivered()
      .filter((e) => e.data.id === id)
      .map((e) => e.data.doc.title)
    t.deepEqual(titles, [`v0 of ${i}`, `v1 of ${i}`, `v2 of ${i}`, `v3 of ${i}`])
  }
  // Retries keep the webhook-id: every refused request's id was delivered later.
  const delivered = new Set(s.receiver.delivered().map((e) => e.id))
  t.true(s.receiver.requests.every((r) => delivered.has(r.id)))
  // The receiver has answered the last one; the worker records it after reading the answer.
  await until('the log says delivered', async () =>
    (await listDeliveries(s.cms.db)).every((r) => r.status === 'delivered'),
  )
  const rows = await listDeliveries(s.cms.db)
  t.is(rows.length, 12)
  t.true(rows.every((r) => r.status === 'delivered' && r.delivered_at !== null))
  t.true(rows.some((r) => r.attempts > 1 && r.last_status_code === 200))
})

test('after maxAttempts a delivery is dead, with its last answer in the log', async (t) => {
  const s = await setup((url, secret) => ({
    collections: [posts],
    webhooks: { ...FAST, maxAttempts: 3, endpoints: [{ url, secret }] },
  }))
  t.teardown(s.close)
  s.receiver.answer = () => 503
  const doc = await s.cms.create({ collection: 'posts', data: { title: 'never accepted' } })
  await until('the delivery is dead', async () =>
    (await listDeliveries(s.cms.db)).some((r) => r.status === 'dead'),
  )
  const [row] = await listDeliveries(s.cms.db)
  t.is(row.status, 'dead')
  t.is(row.attempts, 3)
  t.is(row.last_status_code, 503)
  t.is(row.subject, `posts:${doc.id}`)
  t.regex(row.last_error ?? '', /503/)
  t.is(s.receiver.requests.length, 3)
})

test('a target resolving to loopback is refused without allowPrivateTargets (SSRF)', async (t) => {
  const s = await setup((url, secret) => ({
    collections: [posts],
    webhooks: {
      ...FAST,
      allowPrivateTargets: false,
      maxAttempts: 2,
      // localhost is a name, so the config accepts it; the worker resolves it and refuses 127.0.0.1.
      endpoints: [{ url: url.replace('127.0.0.1', 'localhost'), secret }],
    },
  }))
  t.teardown(s.close)
  await s.cms.create({ collection: 'posts', data: { title: 'to nowhere' } })
  await until('the delivery is dead', async () =>
    (await listDeliveries(s.cms.db)).some((r) => r.status === 'dead'),
  )
  const [row] = await listDeliveries(s.cms.db)
  t.regex(row.last_error ?? '', /private or loopback address/)
  t.is(row.last_status_code, null)
  t.is(s.receiver.requests.length, 0, 'nothing reached the receiver')
})

test('no subscription: a write leaves no outbox row', async (t) => {
  const s = await setup(() => ({ collections: [posts] }))
  t.teardown(s.close)
  await s.cms.create({ collection: 'posts', data: { title: 'quiet' } })
  t.deepEqual(await listDeliveries(s.cms.db), [])
})

const bad =
  (webhooks: unknown, more: Partial<Config> = {}) =>
  () => {
    const config = { collections: [posts], webhooks, ...more } as Config
    checkOptions(config)
    return sanitizeConfig(config)
  }

test('bad webhook options are ConfigErrors naming the key', (t) => {
  const secret = newSecret()
  const url = 'https://hooks.example.com/in'
  const cases: [unknown, RegExp][] = [
    [{ endpoints: [{ url, secret: 'whsec_c2hvcnQ=' }] }, /webhooks\.endpoints\[0\]\.secret/],
    [{ endpoints: [{ url: 'ftp://x.example.com', secret }] }, /webhooks\.endpoints\[0\]\.url/],
    [
      { endpoints: [{ url: 'http://10.0.0.5/x', secret }] },
      /webhooks\.endpoints\[0\]\.url.*private/,
    ],
    [
      { endpoints: [{ url: 'http://[::ffff:127.0.0.1]/x', secret }] },
      /webhooks\.endpoints\[0\]\.url/,
    ],
    [
      { endpoints: [{ url, secret, events: ['posts.exploded'] }] },
      /webhooks\.endpoints\[0\]\.events\[0\]/,
    ],
    [
      { endpoints: [{ url, secret, where: { title: { equals: 'x' } } }] },
      /webhooks\.endpoints\[0\]\.where/,
    ],
    [{ endpoints: [{ url, secret, headers: { 'webhook-id': 'x' } }] }, /headers\.webhook-id/],
    [{ endpoints: [{ url, secret, colour: 'red' }] }, /webhooks\.endpoints\[0\]\.colour/],
    [{ maxAttempts: 0 }, /webhooks\.maxAttempts/],
    [{ collection: 'yes' }, /webhooks\.collection/],
    [{ access: { read: 'admins' } }, /webhooks\.access\.read/],
  ]
  for (const [webhooks, message] of cases)
    t.throws(bad(webhooks), { instanceOf: ConfigError, message }, JSON.stringify(webhooks))
  t.notThrows(bad({ allowPrivateTargets: true, endpoints: [{ url: 'http://10.0.0.5/x', secret }] }))
})
