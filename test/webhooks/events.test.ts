import test from 'ava'
import { listDeliveries } from '../../server/db/stores/outbox.ts'
import type { Config } from '../../server/config/types.ts'
import { until } from './receiver.ts'
import { FAST, setup, type Setup } from './setup.ts'

/**
 * Every committed Local write delivers exactly the events it should, with the document as the contract has it;
 * a write that rolls back delivers nothing; a collection endpoint's `where` filters by document.
 */
const config = (url: string, secret: string): Omit<Config, 'db'> => ({
  secret: 'a-test-secret-of-at-least-thirty-two-bytes!',
  collections: [
    {
      slug: 'users',
      auth: { maxLoginAttempts: 2, lockTime: 60_000 },
      fields: [{ name: 'name', type: 'text' }],
    },
    {
      slug: 'posts',
      versions: { drafts: true },
      trash: true,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'note', type: 'text', hidden: true },
      ],
    },
    {
      slug: 'fragile',
      fields: [{ name: 'title', type: 'text' }],
      hooks: {
        afterChange: [
          ({ doc }) => {
            if ((doc as { title?: string }).title === 'boom')
              throw new Error('afterChange refuses boom')
            return doc
          },
        ],
      },
    },
    {
      slug: 'filtered',
      fields: [{ name: 'title', type: 'text' }],
      webhooks: [{ url, secret, where: { title: { like: 'match' } }, events: ['created'] }],
    },
  ],
  globals: [{ slug: 'settings', fields: [{ name: 'siteName', type: 'text' }] }],
  webhooks: {
    ...FAST,
    endpoints: [
      {
        url,
        secret,
        events: [
          'users.loginLocked',
          'posts.created',
          'posts.updated',
          'posts.published',
          'posts.unpublished',
          'posts.trashed',
          'posts.restored',
          'posts.deleted',
          'fragile.created',
          'globals.settings.updated',
        ],
      },
    ],
  },
})

let s: Setup
test.before(async () => {
  s = await setup(config)
})
test.after.always(() => s?.close())

const typesFor = (subject: (d: Record<string, unknown>) => boolean) =>
  s.receiver
    .delivered()
    .filter((e) => subject(e.data))
    .map((e) => e.type)

test.serial(
  'a post through its life: each write delivers its events, in order, with the document',
  async (t) => {
    const { cms } = s
    const post = await cms.create({
      collection: 'posts',
      data: { title: 'Hello', note: 'private', _status: 'published' },
    })
    await cms.update({ collection: 'posts', id: post.id, data: { title: 'Hello again' } })
    await cms.update({ collection: 'posts', id: post.id, data: { title: 'A draft' }, draft: true })
    await cms.update({ collection: 'posts', id: post.id, data: { _status: 'draft' } })
    await cms.update({
      collection: 'posts',
      id: post.id,
      data: { deletedAt: new Date().toISOString() },
    })
    await cms.update({ collection: 'posts', id: post.id, data: { deletedAt: null }, trash: true })
    await cms.delete({ collection: 'posts', id: post.id })
    const expected = [
      'posts.created',
      'posts.published',
      'posts.updated',
      'posts.published',
      'posts.updated',
      'posts.updated',
      'posts.unpublished',
      'posts.trashed',
      'posts.restored',
      'posts.deleted',
    ]
    const mine = (d: Record<string, unknown>) => d.collection === 'posts' && d.id === post.id
    await until('every event of the post', () => typesFor(mine).length >= expected.length)
    // Deliveries of one document to one endpoint are in commit order.
    t.deepEqual(typesFor(mine), expected)
    const events = s.receiver.delivered().filter((e) => mine(e.data))
    t.is(new Set(events.map((e) => e.id)).size, events.length, 'one webhook-id per event')
    t.is(events[0].data.doc.title, 'Hello')
    t.is(events[0].data.doc._status, 'published')
    t.false('note' in events[0].data.doc, 'hidden fields are left out')
    t.is(events[2].data.doc.title, 'Hello again')
    t.is(events[4].data.doc.title, 'A draft', 'a draft save carries the draft')
    t.is(events[4].data.doc._status, 'draft')
    t.truthy(events[7].data.doc.deletedAt, 'trashed carries deletedAt')
    t.is(events[9].data.doc.id, post.id, 'deleted carries the last stored state')
    for (const e of events) {
      t.false(Number.isNaN(Date.parse(e.timestamp)))
      t.is(e.data.collection, 'posts')
    }
    t.deepEqual(s.receiver.forged, [])
  },
)

test.serial(
  'a global update and a login lock deliver their events; no password or hash leaves',
  async (t) => {
    const { cms } = s
    await cms.updateGlobal({ slug: 'settings', data: { siteName: 'My site' } })
    const user = await cms.create({
      collection: 'users',
      data: { email: 'lock@example.com', password: 'right-password-1', name: 'Lou' },
    })
    for (let i = 0; i < 2; i++)
      await t.throwsAsync(
        cms.login({ collection: 'users', data: { email: 'lock@example.com', password: 'wrong' } }),
      )
    await until(
      'the global and the lock',
      () =>
        s.receiver.delivered().some((e) => e.type === 'users.loginLocked') &&
        s.receiver.delivered().some((e) => e.type === 'globals.settings.updated'),
    )
    const global = s.receiver.delivered().find((e) => e.type === 'globals.settings.updated')
    t.is(global?.data.global, 'settings')
    t.is(global?.data.doc.siteName, 'My site')
    const locked = s.receiver.delivered().filter((e) => e.type === 'users.loginLocked')
    t.is(locked.length, 1)
    t.is(locked[0].data.id, user.id)
    t.is(locked[0].data.doc.email, 'lock@example.com')
    t.is(locked[0].data.doc.name, 'Lou')
    for (const key of ['password', 'hash', 'salt']) t.false(key in locked[0].data.doc, key)
    t.false(
      s.receiver.delivered().some((e) => e.type.startsWith('users.created')),
      'not subscribed: users.created is not delivered',
    )
  },
)

test.serial(
  'a write that rolls back (a hook throws after the insert) delivers nothing',
  async (t) => {
    const { cms } = s
    await t.throwsAsync(cms.create({ collection: 'fragile', data: { title: 'boom' } }), {
      message: /refuses boom/,
    })
    const ok = await cms.create({ collection: 'fragile', data: { title: 'fine' } })
    await until('the committed one', () =>
      s.receiver.delivered().some((e) => e.data.collection === 'fragile' && e.data.id === ok.id),
    )
    const fragile = s.receiver.requests.filter((e) => e.data.collection === 'fragile')
    t.deepEqual(
      fragile.map((e) => e.data.doc.title),
      ['fine'],
    )
    const rows = await listDeliveries(cms.db)
    t.is(
      rows.filter((r) => r.subject.startsWith('fragile:')).length,
      1,
      'no outbox row for the rollback',
    )
  },
)

test.serial("a collection endpoint's where delivers matching documents only", async (t) => {
  const { cms } = s
  const a = await cms.create({ collection: 'filtered', data: { title: 'a match here' } })
  const b = await cms.create({ collection: 'filtered', data: { title: 'something else' } })
  const c = await cms.create({ collection: 'filtered', data: { title: 'match again' } })
  await until(
    'the two matches',
    () => s.receiver.delivered().filter((e) => e.data.collection === 'filtered').length >= 2,
  )
  // The fragile and posts deliveries above are settled, so nothing of b can still be on its way.
  await until('the outbox settled', async () =>
    (await listDeliveries(cms.db)).every((r) => r.status === 'delivered'),
  )
  const ids = s.receiver
    .delivered()
    .filter((e) => e.data.collection === 'filtered')
    .map((e) => e.data.id)
  t.deepEqual(ids.sort(), [a.id, c.id].sort())
  t.false(ids.includes(b.id))
})
