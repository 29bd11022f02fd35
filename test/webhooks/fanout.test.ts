/**
 * Issue 54, finding 6: a write costs the same however many users subscribed. The write puts one fan-out row per
 * event type in the outbox, in its transaction; the delivery worker expands it after the commit into one delivery
 * per stored subscription the event reaches, each filter matched on the event's document (docs/webhooks.md,
 * "Fan-out"). A filter that could not be matched there (through a relation) is a 400 at write.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { Access } from '../../server/config/types.ts'
import { FANOUT_ENDPOINT, listDeliveries } from '../../server/db/stores/outbox.ts'
import { countQueries } from '../helpers/db.ts'
import { seededBearer, useServer } from '../helpers/http.ts'
import { until, useReceivers } from './receiver.ts'
import { FAST } from './setup.ts'

const loggedIn: Access = ({ req }) => Boolean(req.user)

const server = useServer(
  test,
  defineConfig({
    collections: [
      { slug: 'users', auth: true, fields: [{ name: 'name', type: 'text' }] },
      {
        slug: 'posts',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'author', type: 'relationship', relationTo: 'users' },
        ],
      },
    ],
    webhooks: {
      ...FAST,
      access: { read: loggedIn, create: loggedIn, update: loggedIn, delete: loggedIn },
    },
  }),
  async (cms) => {
    for (const name of ['ann', 'bob', 'cat'])
      await cms.create({
        collection: 'users',
        data: { email: `${name}@example.com`, password: `${name}-password`, name },
      } as never)
  },
)
const bearer = seededBearer(server)
const receiver = useReceivers(test)

const ownerIds = async () =>
  (await server.cms.find({ collection: 'users', sort: 'name' })).docs.map((u) => u.id)

async function subscribe(url: string, secret: string, owner: unknown, extra = {}) {
  await server.cms.create({
    collection: 'webhooks' as never,
    data: { url, secret, events: ['posts.created'], owner, ...extra } as never,
  })
}

/** The statements of one create, and the outbox rows it wrote (the worker stopped, so none is expanded yet). */
async function measuredCreate(title: string) {
  const before = (await listDeliveries(server.cms.db)).length
  const { result, statements } = await countQueries(server.cms, () =>
    server.cms.create({ collection: 'posts', data: { title } }),
  )
  const after = await listDeliveries(server.cms.db)
  const rows = after.slice(0, after.length - before)
  return { rows, id: result.id, statements }
}

test.serial(
  "one write's statements and outbox rows do not grow with the number of subscriptions",
  async (t) => {
    const { r, url } = await receiver()
    const [ann, bob, cat] = await ownerIds()
    await server.cms.webhooks.stop()
    // The process's first write of the table adds its generation row: not what is measured.
    await server.cms.create({ collection: 'posts', data: { title: 'before any subscription' } })
    await subscribe(url, r.secret, ann)
    await server.cms.webhooks.refresh()
    const one = await measuredCreate('with one subscription')
    for (let i = 0; i < 29; i++) await subscribe(url, r.secret, [ann, bob, cat][i % 3])
    await server.cms.webhooks.refresh()
    const thirty = await measuredCreate('with thirty')
    t.deepEqual(
      thirty.statements,
      one.statements,
      'the same statements with 30 subscriptions as with 1',
    )
    t.deepEqual(
      thirty.rows.map((row) => [row.endpoint, row.type]),
      [[FANOUT_ENDPOINT, 'posts.created']],
    )
    // After the commit, the worker expands each event: 1 + 30 deliveries, each subscription its own.
    server.cms.webhooks.start()
    const got = r.requests
    await until('31 deliveries', () => got.filter((e) => e.accepted).length >= 31)
    t.is(got.filter((e) => e.data.id === one.id).length, 1)
    t.is(got.filter((e) => e.data.id === thirty.id).length, 30)
    t.true(got.every((e) => e.type === 'posts.created'))
    const rows = await listDeliveries(server.cms.db)
    t.false(
      rows.some((row) => row.endpoint === FANOUT_ENDPOINT),
      'every fan-out row was replaced',
    )
    const second = rows.filter((row) => row.subject === `posts:${String(thirty.id)}`)
    t.is(new Set(second.map((row) => row.endpoint)).size, 30)
    t.is(new Set(second.map((row) => row.event_id)).size, 1, 'one webhook-id for the event')
    // Cleared for the next test.
    await server.cms.delete({ collection: 'webhooks' as never, where: { id: { exists: true } } })
  },
)

test.serial(
  "a stored subscription's filter is matched on the event's document; one through a relation is a 400",
  async (t) => {
    const { r, url } = await receiver()
    const [ann] = await ownerIds()
    const headers = await bearer('ann')
    const through = await server.request('POST', '/api/webhooks', {
      headers,
      body: { url, scope: 'posts', where: { 'author.name': { equals: 'ann' } } },
    })
    t.is(through.status, 400, JSON.stringify(through.body))
    t.regex(JSON.stringify(through.body), /where: author\.name reaches through the relation author/)
    await subscribe(url, r.secret, ann, {
      scope: 'posts',
      where: { and: [{ title: { like: 'MATCH' } }, { author: { equals: ann } }] },
    })
    await server.cms.create({ collection: 'posts', data: { title: 'no', author: ann } })
    await server.cms.create({ collection: 'posts', data: { title: 'a match', author: ann } })
    await server.cms.create({ collection: 'posts', data: { title: 'a match, not ann' } })
    await until('one delivery', () => r.delivered().length >= 1)
    await new Promise((res) => setTimeout(res, 200))
    t.deepEqual(
      r.delivered().map((e) => e.data.doc.title),
      ['a match'],
    )
  },
)
