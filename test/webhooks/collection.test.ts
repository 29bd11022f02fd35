/**
 * Subscriptions as data (docs/webhooks.md, "The webhooks collection"): endpoints created over REST receive signed
 * events, stop when deactivated or deleted; access, validation and the secret's visibility. Every response is
 * checked against the contract.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { AccessArgs } from '../../server/config/types.ts'
import { seededBearer, useServer } from '../helpers/http.ts'
import { until, useReceivers } from './receiver.ts'
import { FAST } from './setup.ts'

const isAdmin = ({ req }: AccessArgs) => req.user?.role === 'admin'
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      // The admin may update every account (a trusted caller); a reader only their own (not trusted).
      access: {
        update: ({ req }) =>
          isAdmin({ req }) || (req.user ? { id: { equals: req.user.id } } : false),
      },
      fields: [{ name: 'role', type: 'select', options: ['admin', 'reader'] }],
    },
    { slug: 'members', auth: true, fields: [] },
    { slug: 'posts', fields: [{ name: 'title', type: 'text' }] },
  ],
  webhooks: {
    ...FAST,
    access: {
      read: ({ req }) => Boolean(req.user),
      create: isAdmin,
      update: isAdmin,
      delete: isAdmin,
    },
  },
})

const s = useServer(test, config, async (cms) => {
  for (const role of ['admin', 'reader'])
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
})

const as: (role: 'admin' | 'reader') => Promise<Record<string, string>> = seededBearer(s)

const receiver = useReceivers(test)

test.serial(
  'a subscription created over REST receives signed events; deactivated or deleted, none',
  async (t) => {
    const { r, url } = await receiver()
    const created = await s.request('POST', '/api/webhooks', {
      headers: await as('admin'),
      body: { url, secret: r.secret, events: ['posts.created', 'updated'], scope: 'posts' },
    })
    t.is(created.status, 201)
    const id = created.body.doc.id
    t.is(created.body.doc.active, true)
    const post = await s.cms.create({ collection: 'posts', data: { title: 'first' } })
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: 'second' } })
    await until('two events', () => r.delivered().length >= 2)
    t.deepEqual(
      r.delivered().map((e) => [e.type, e.data.doc.title]),
      [
        ['posts.created', 'first'],
        ['posts.updated', 'second'],
      ],
    )
    t.deepEqual(r.forged, [])
    const off = await s.request('PATCH', `/api/webhooks/${id}`, {
      headers: await as('admin'),
      body: { active: false },
    })
    t.is(off.status, 200)
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: 'unseen' } })
    const on = await s.request('PATCH', `/api/webhooks/${id}`, {
      headers: await as('admin'),
      body: { active: true },
    })
    t.is(on.status, 200)
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: 'third' } })
    await until('the third event', () => r.delivered().length >= 3)
    t.deepEqual(
      r.delivered().map((e) => e.data.doc.title),
      ['first', 'second', 'third'],
    )
    const gone = await s.request('DELETE', `/api/webhooks/${id}`, { headers: await as('admin') })
    t.is(gone.status, 200)
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: 'after delete' } })
    // A second subscription made after the deletion receives the next event; the deleted one gets nothing more.
    const { r: r2, url: url2 } = await receiver()
    await s.request('POST', '/api/webhooks', {
      headers: await as('admin'),
      body: { url: url2, secret: r2.secret },
    })
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: 'last' } })
    await until('the new subscription got its event', () => r2.delivered().length >= 1)
    t.deepEqual(
      r2.delivered().map((e) => [e.type, e.data.doc.title]),
      [['posts.updated', 'last']],
    )
    t.deepEqual(
      r.requests
        .map((e) => e.data.doc.title)
        .filter((x) => x === 'unseen' || x === 'after delete' || x === 'last'),
      [],
    )
  },
)

test.serial('a logged-in user the access functions refuse gets 403', async (t) => {
  await s.cms.create({
    collection: 'members',
    data: { email: 'm@example.com', password: 'member-password' },
  })
  const login = await s.request('POST', '/api/members/login', {
    body: { email: 'm@example.com', password: 'member-password' },
  })
  const res = await s.request('POST', '/api/webhooks', {
    headers: { authorization: `Bearer ${login.body.token}` },
    body: { url: 'https://hooks.example.com/m' },
  })
  t.is(res.status, 403)
})

test.serial(
  'only allowed users manage subscriptions, each their own; the secret is generated and shown once',
  async (t) => {
    t.is((await s.request('GET', '/api/webhooks')).status, 401)
    const denied = await s.request('POST', '/api/webhooks', {
      headers: await as('reader'),
      body: { url: 'https://hooks.example.com/' },
    })
    t.is(denied.status, 403)
    const created = await s.request('POST', '/api/webhooks', {
      headers: await as('admin'),
      body: { url: 'https://hooks.example.com/x', active: false },
    })
    t.is(created.status, 201)
    t.regex(created.body.doc.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    const id = created.body.doc.id
    // read is open to every logged-in user, but a caller who is not trusted reads their own subscriptions only.
    const asReader = await s.request('GET', `/api/webhooks/${id}`, { headers: await as('reader') })
    t.is(asReader.status, 404)
    const listed = await s.request('GET', '/api/webhooks', { headers: await as('reader') })
    t.deepEqual(listed.body.docs, [])
    // The secret is shown once, in the create's answer: never read back, by the admin either.
    const asAdmin = await s.request('GET', `/api/webhooks/${id}`, { headers: await as('admin') })
    t.is(asAdmin.body.url, 'https://hooks.example.com/x')
    t.false('secret' in asAdmin.body)
    const me = await s.request('GET', '/api/users/me', { headers: await as('admin') })
    t.is(asAdmin.body.owner.id, me.body.user.id)
    const patched = await s.request('PATCH', `/api/webhooks/${id}`, {
      headers: await as('reader'),
      body: { url: 'https://evil.example.com/' },
    })
    t.is(patched.status, 403)
  },
)

test.serial('a bad url, secret, headers or where is a 400 naming the field', async (t) => {
  const cases: [Record<string, unknown>, string][] = [
    [{ url: 'ftp://hooks.example.com/' }, 'url'],
    [{ url: 'https://user:pw@hooks.example.com/' }, 'url'],
    [{ url: 'https://hooks.example.com/', secret: 'not-a-secret' }, 'secret'],
    [{ url: 'https://hooks.example.com/', headers: { 'webhook-id': 'x' } }, 'headers'],
    [{ url: 'https://hooks.example.com/', where: { title: { equals: 'x' } } }, 'where'],
  ]
  for (const [body, field] of cases) {
    const res = await s.request('POST', '/api/webhooks', { headers: await as('admin'), body })
    t.is(res.status, 400, JSON.stringify(body))
    t.deepEqual(
      res.body.errors[0].data.errors.map((e: { path: string }) => e.path),
      [field],
    )
  }
})

test.serial(
  "the delivery log through REST: read by the read access, of the caller's own subscriptions; a dead delivery retried by the update access",
  async (t) => {
    const { r, url } = await receiver()
    r.answer = () => 500
    const created = await s.request('POST', '/api/webhooks', {
      headers: await as('admin'),
      body: { url, secret: r.secret, events: ['posts.created'], scope: 'posts' },
    })
    t.is(created.status, 201)
    const post = await s.cms.create({ collection: 'posts', data: { title: 'log me' } })
    const endpoint = `webhooks:${created.body.doc.id}`
    const mine = async (role: 'admin' | 'reader') => {
      const log = await s.request('GET', '/api/webhooks/deliveries?status=dead&limit=100', {
        headers: await as(role),
      })
      t.is(log.status, 200)
      return (log.body.docs as { endpoint: string; subject: string }[]).filter(
        (d) => d.endpoint === endpoint,
      )
    }
    await until('the delivery is dead', async () => (await mine('admin')).length === 1)
    // The reader's log holds the deliveries of the reader's own subscriptions: none of the admin's.
    t.deepEqual(await mine('reader'), [])
    const [dead] = (await mine('admin')) as Record<string, unknown>[]
    t.like(dead, { type: 'posts.created', subject: `posts:${post.id}`, status: 'dead' })
    t.is(dead.attempts, 10)
    t.is(dead.lastStatusCode, 500)
    t.is(dead.deliveredAt, null)
    t.is(r.requests.length, 10)

    t.is((await s.request('GET', '/api/webhooks/deliveries')).status, 401)
    const bad = await s.request('GET', '/api/webhooks/deliveries?status=lost', {
      headers: await as('admin'),
      invalid: 'status is not one of the delivery statuses',
    })
    t.is(bad.status, 400)
    const retryPath = `/api/webhooks/deliveries/${dead.id}/retry`
    t.is((await s.request('POST', retryPath, { headers: await as('reader') })).status, 403)
    r.answer = () => 204
    const retried = await s.request('POST', retryPath, { headers: await as('admin') })
    t.is(retried.status, 200)
    t.like(retried.body.delivery, { id: dead.id, status: 'pending', attempts: 0 })
    await until('the retried delivery arrives', () => r.delivered().length === 1)
    t.is(r.delivered()[0].id, String(dead.eventId))
    const again = await s.request('POST', retryPath, { headers: await as('admin') })
    t.is(again.status, 404)
  },
)
