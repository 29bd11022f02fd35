/**
 * Who may subscribe, what a subscription shows and what its events carry (docs/webhooks.md, "Access"; issue 54,
 * findings 2, 3, 5, 6 and the header names of 9). The `webhooks` collection is the CMS's own: closed to members
 * by default; opened by `webhooks.access`, each member reads and changes their own subscriptions only; secrets and
 * header values are write-only; an event body is read with the access of the subscription's owner. Every response
 * is checked against the contract.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { Access, AccessArgs, Config } from '../../server/config/types.ts'
import { seededBearer, useServer } from '../helpers/http.ts'
import { until, useReceivers } from './receiver.ts'
import { FAST } from './setup.ts'

const isAdmin = ({ req }: Pick<AccessArgs, 'req'>) => req.user?.role === 'admin'
const selfOrAdmin: Access = ({ req }) =>
  isAdmin({ req }) || (req.user ? { id: { equals: req.user.id } } : false)
const loggedIn: Access = ({ req }) => Boolean(req.user)

function configWith(webhooks: Config['webhooks']): Config {
  return defineConfig({
    collections: [
      {
        slug: 'users',
        auth: true,
        access: { read: selfOrAdmin, update: selfOrAdmin },
        fields: [
          { name: 'role', type: 'select', options: ['admin', 'member'], defaultValue: 'member' },
          { name: 'salary', type: 'number', access: { read: ({ req }) => isAdmin({ req }) } },
        ],
      },
      { slug: 'ledgers', access: { read: isAdmin }, fields: [{ name: 'total', type: 'number' }] },
      { slug: 'posts', fields: [{ name: 'title', type: 'text' }] },
    ],
    webhooks: { ...FAST, ...webhooks },
    email: { sendEmail: () => {} },
  })
}

async function seed(cms: { create: (args: never) => Promise<unknown> }) {
  for (const role of ['admin', 'member', 'other'])
    await cms.create({
      collection: 'users',
      data: {
        email: `${role}@example.com`,
        password: `${role}-password`,
        role: role === 'admin' ? 'admin' : 'member',
        salary: 1000,
      },
    } as never)
}

const closed = useServer(test, configWith({}), seed)
const open = useServer(
  test,
  configWith({
    access: { read: loggedIn, create: loggedIn, update: loggedIn, delete: loggedIn },
    maxSubscriptionsPerOwner: 3,
  }),
  seed,
)

const bearers = new Map([closed, open].map((s) => [s, seededBearer(s)]))
const as = (s: typeof closed, who: 'admin' | 'member' | 'other') => bearers.get(s)!(who)

const receiver = useReceivers(test)

test.serial(
  'under the defaults a member can neither read nor write subscriptions or the log',
  async (t) => {
    const member = await as(closed, 'member')
    const admin = await as(closed, 'admin')
    const created = await closed.request('POST', '/api/webhooks', {
      headers: admin,
      body: { url: 'https://hooks.example.com/a' },
    })
    t.is(created.status, 201)
    const id = created.body.doc.id
    const denied = await closed.request('POST', '/api/webhooks', {
      headers: member,
      body: { url: 'https://hooks.example.com/m' },
    })
    t.is(denied.status, 403)
    t.is((await closed.request('GET', '/api/webhooks', { headers: member })).status, 403)
    t.is((await closed.request('GET', `/api/webhooks/${id}`, { headers: member })).status, 403)
    const patched = await closed.request('PATCH', `/api/webhooks/${id}`, {
      headers: member,
      body: { url: 'https://evil.example.com/' },
    })
    t.is(patched.status, 403)
    t.is((await closed.request('DELETE', `/api/webhooks/${id}`, { headers: member })).status, 403)
    const log = await closed.request('GET', '/api/webhooks/deliveries', { headers: member })
    t.is(log.status, 403)
    const gql = await closed.request('POST', '/api/graphql', {
      headers: member,
      body: { query: '{ Webhooks { docs { id url secret headers } } }' },
    })
    t.is(gql.body.data?.Webhooks ?? null, null, JSON.stringify(gql.body))
    t.truthy(gql.body.errors?.length)
    const stored = await closed.cms.findByID({ collection: 'webhooks' as never, id })
    t.is((stored as { url: string }).url, 'https://hooks.example.com/a')
  },
)

test.serial(
  'opened to members: each reads and changes their own; secrets and headers are write-only',
  async (t) => {
    const member = await as(open, 'member')
    const admin = await as(open, 'admin')
    const mine = await open.request('POST', '/api/webhooks', {
      headers: member,
      body: { url: 'https://hooks.example.com/m', headers: { authorization: 'Bearer member-key' } },
    })
    t.is(mine.status, 201, JSON.stringify(mine.body))
    // The create's answer shows the secret and headers once.
    t.regex(mine.body.doc.secret, /^whsec_/)
    t.deepEqual(mine.body.doc.headers, { authorization: 'Bearer member-key' })
    const theirs = await open.request('POST', '/api/webhooks', {
      headers: admin,
      body: { url: 'https://hooks.example.com/a', headers: { authorization: 'Bearer admin-key' } },
    })
    t.is(theirs.status, 201)
    const list = await open.request('GET', '/api/webhooks', { headers: member })
    t.deepEqual(
      list.body.docs.map((d: { id: unknown }) => d.id),
      [mine.body.doc.id],
    )
    for (const doc of list.body.docs) {
      t.false('secret' in doc)
      t.false('headers' in doc)
    }
    const adminList = await open.request('GET', '/api/webhooks?sort=id', { headers: admin })
    t.is(adminList.body.docs.length, 2)
    for (const doc of adminList.body.docs) {
      t.false('secret' in doc)
      t.false('headers' in doc)
    }
    const gql = await open.request('POST', '/api/graphql', {
      headers: admin,
      body: { query: '{ Webhooks { docs { id secret headers } } }' },
    })
    for (const doc of gql.body.data.Webhooks.docs) {
      t.is(doc.secret, null)
      t.is(doc.headers, null)
    }
    const other = theirs.body.doc.id
    t.is((await open.request('GET', `/api/webhooks/${other}`, { headers: member })).status, 404)
    const hijack = await open.request('PATCH', `/api/webhooks/${other}`, {
      headers: member,
      body: { url: 'https://evil.example.com/', active: true },
    })
    t.true([403, 404].includes(hijack.status), String(hijack.status))
    const removed = await open.request('DELETE', `/api/webhooks/${other}`, { headers: member })
    t.true([403, 404].includes(removed.status), String(removed.status))
    const kept = (await open.cms.findByID({ collection: 'webhooks' as never, id: other })) as {
      url: string
      headers: Record<string, string>
    }
    t.is(kept.url, 'https://hooks.example.com/a')
    t.deepEqual(kept.headers, { authorization: 'Bearer admin-key' })
    // A member cannot take over the owner field.
    const stolen = await open.request('PATCH', `/api/webhooks/${mine.body.doc.id}`, {
      headers: member,
      body: { owner: 1 },
    })
    const stored = (await open.cms.findByID({
      collection: 'webhooks' as never,
      id: mine.body.doc.id,
      depth: 0,
    })) as { owner: unknown }
    const me = await open.request('GET', '/api/users/me', { headers: member })
    t.is(stored.owner, me.body.user.id, String(stolen.status))
  },
)

test.serial(
  'header names and values are checked at write: control characters and hop-by-hop names are 400s',
  async (t) => {
    const admin = await as(open, 'admin')
    for (const headers of [
      { 'x-a': 'one\u0001two' },
      { 'x-a': 'nul\u0000' },
      { 'x-a': 'wide\u0100' },
      { 'transfer-encoding': 'chunked' },
      { connection: 'close' },
      { expect: '100-continue' },
      { upgrade: 'h2c' },
      { te: 'trailers' },
      { trailer: 'x' },
    ]) {
      const res = await open.request('POST', '/api/webhooks', {
        headers: admin,
        body: { url: 'https://hooks.example.com/h', headers },
      })
      t.is(res.status, 400, JSON.stringify(headers))
      t.deepEqual(
        res.body.errors[0].data.errors.map((e: { path: string }) => e.path),
        ['headers'],
      )
    }
  },
)

test.serial('a member has at most maxSubscriptionsPerOwner subscriptions', async (t) => {
  const other = await as(open, 'other')
  for (let i = 0; i < 3; i++) {
    const res = await open.request('POST', '/api/webhooks', {
      headers: other,
      body: { url: `https://hooks.example.com/o${i}`, active: false },
    })
    t.is(res.status, 201)
  }
  const over = await open.request('POST', '/api/webhooks', {
    headers: other,
    body: { url: 'https://hooks.example.com/o3' },
  })
  t.is(over.status, 400)
  t.regex(over.body.errors[0].message, /maxSubscriptionsPerOwner/)
})

test.serial(
  "an event body is read with its subscriber's access: no document they may not read, no field either",
  async (t) => {
    const member = await as(open, 'member')
    const admin = await as(open, 'admin')
    const m = await receiver()
    const a = await receiver()
    for (const [headers, { r, url }] of [
      [member, m],
      [admin, a],
    ] as const) {
      const res = await open.request('POST', '/api/webhooks', {
        headers,
        body: { url, secret: r.secret, events: ['users.updated', 'ledgers.created'] },
      })
      t.is(res.status, 201)
    }
    const me = (await open.request('GET', '/api/users/me', { headers: member })).body.user
    const others = await open.cms.find({
      collection: 'users',
      where: { email: { equals: 'other@example.com' } },
    })
    await open.cms.update({ collection: 'users', id: others.docs[0].id, data: { salary: 2000 } })
    await open.cms.create({ collection: 'ledgers', data: { total: 42 } })
    await open.cms.update({ collection: 'users', id: me.id, data: { salary: 3000 } })
    await until('the admin gets three events', () => a.r.delivered().length >= 3)
    await until('the member gets one', () => m.r.delivered().length >= 1)
    t.deepEqual(
      a.r.delivered().map((e) => [e.type, e.data.doc.salary ?? e.data.doc.total]),
      [
        ['users.updated', 2000],
        ['ledgers.created', 42],
        ['users.updated', 3000],
      ],
    )
    // The member's own account only, without the admin-only salary; nothing of the other user or the ledger.
    await new Promise((r) => setTimeout(r, 200))
    const got = m.r.delivered()
    t.deepEqual(
      got.map((e) => [e.type, e.data.doc.id]),
      [['users.updated', me.id]],
    )
    t.false('salary' in got[0].data.doc)
    t.is(got[0].data.doc.email, 'member@example.com')
  },
)

test.serial(
  'a stored header Node refuses is a failed attempt, counted and retried, not a stuck claim',
  async (t) => {
    const { r, url } = await receiver()
    const created = (await open.cms.create({
      collection: 'webhooks' as never,
      data: { url, secret: r.secret, events: ['posts.created'] } as never,
    })) as { id: number }
    // A row stored before header values were checked (the write path refuses it now).
    await open.cms.db.run('UPDATE webhooks SET headers = ? WHERE id = ?', [
      JSON.stringify({ 'x-bad': 'a\u0001b' }),
      created.id,
    ])
    open.cms.webhooks.stale()
    await open.cms.create({ collection: 'posts', data: { title: 'stalls nothing' } })
    const endpoint = `webhooks:${created.id}`
    await until('the delivery has failed attempts', async () => {
      const page = await open.cms.webhooks.deliveries({ endpoints: [endpoint], limit: 10 })
      return page.docs.some((d) => d.attempts >= 2)
    })
    const page = await open.cms.webhooks.deliveries({ endpoints: [endpoint], limit: 10 })
    t.regex(String(page.docs[0].lastError), /header|char/i)
    t.is(r.requests.length, 0)
  },
)

test.serial(
  "a subscription's where is checked at write as a list's is: no field the writer may not read, no hidden one, no oversized tree",
  async (t) => {
    const member = await as(open, 'member')
    const admin = await as(open, 'admin')
    let deep: Record<string, unknown> = { email: { equals: 'x' } }
    for (let i = 0; i < 30; i++) deep = { and: [deep] }
    for (const where of [{ salary: { greater_than: 1500 } }, { hash: { exists: true } }, deep]) {
      const res = await open.request('POST', '/api/webhooks', {
        headers: member,
        body: { url: 'https://hooks.example.com/w', scope: 'users', where, active: false },
      })
      t.is(res.status, 400, JSON.stringify(where).slice(0, 80))
      t.deepEqual(
        res.body.errors[0].data.errors.map((e: { path: string }) => e.path),
        ['where'],
      )
    }
    // The admin may read salary: the same filter is stored.
    const ok = await open.request('POST', '/api/webhooks', {
      headers: admin,
      body: {
        url: 'https://hooks.example.com/w',
        scope: 'users',
        where: { salary: { greater_than: 1500 } },
        active: false,
      },
    })
    t.is(ok.status, 201, JSON.stringify(ok.body))
  },
)
