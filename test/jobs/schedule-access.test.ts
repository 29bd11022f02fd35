/**
 * Scheduling a publish as an editor (docs/jobs.md, "Access"; issue 57, item 7): `payload-jobs` stays closed by
 * default, but a logged-in user queues a `schedulePublish` job for a document it may update, lists and reads the
 * schedules it queued (and no other job), and cancels those that have not run. Every response is checked against
 * the contract.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { Access } from '../../server/config/types.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

const isAdmin = (user: Record<string, unknown> | null | undefined) => user?.role === 'admin'
const selfOrAdmin: Access = ({ req }) =>
  isAdmin(req.user) || (req.user ? { id: { equals: req.user.id } } : false)

const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      access: { update: selfOrAdmin, read: selfOrAdmin },
      fields: [
        { name: 'role', type: 'select', options: ['admin', 'member'], defaultValue: 'member' },
      ],
    },
    {
      slug: 'posts',
      versions: { drafts: { schedulePublish: true } },
      access: {
        read: ({ req }) => Boolean(req.user) || { _status: { equals: 'published' } },
        create: ({ req }) => Boolean(req.user),
        // Members update their own posts.
        update: ({ req }) =>
          isAdmin(req.user) || (req.user ? { author: { equals: req.user.id } } : false),
      },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'author', type: 'relationship', relationTo: 'users' },
      ],
    },
    // Drafts without scheduled publishing: no schedule may name it.
    {
      slug: 'pages',
      versions: { drafts: true },
      access: { update: ({ req }) => Boolean(req.user) },
      fields: [{ name: 'title', type: 'text' }],
    },
  ],
  jobs: {
    tasks: [{ slug: 'note', inputSchema: [{ name: 'text', type: 'text' }], handler: () => ({}) }],
    deleteJobOnComplete: false,
  },
  email: { sendEmail: () => {} },
})

const s = useServer(test, config, async (cms) => {
  const ids: Record<string, number | string> = {}
  for (const role of ['admin', 'member', 'other'] as const) {
    const user = await cms.create({
      collection: 'users',
      data: {
        email: `${role}@example.com`,
        password: `${role}-password`,
        role: role === 'admin' ? 'admin' : 'member',
      },
    })
    ids[role] = user.id
  }
  const post = (title: string, author: unknown) =>
    cms.create({ collection: 'posts', data: { title, author, _status: 'draft' }, draft: true })
  const page = await cms.create({ collection: 'pages', data: { title: 'p' }, draft: true })
  return {
    mine: (await post('mine', ids.member)).id,
    theirs: (await post('theirs', ids.other)).id,
    page: page.id,
  }
})
const as = seededBearer(s)

const schedule = (relationTo: string, value: unknown, type = 'publish') => ({
  taskSlug: 'schedulePublish',
  input: { type, doc: { relationTo, value } },
  waitUntil: new Date(Date.now() + 500).toISOString(),
})

test.serial(
  'a member schedules its own post, sees and cancels its own schedules only',
  async (t) => {
    const member = await as('member')
    const other = await as('other')
    const mine = await s.request('POST', '/api/payload-jobs', {
      body: schedule('posts', s.data.mine),
      headers: member,
    })
    t.is(mine.status, 201, JSON.stringify(mine.body))
    // Someone else's post, a collection without scheduled publishing, another task: refused.
    for (const body of [
      schedule('posts', s.data.theirs),
      schedule('pages', s.data.page),
      { taskSlug: 'note', input: { text: 'x' } },
    ]) {
      const refused = await s.request('POST', '/api/payload-jobs', { body, headers: member })
      t.is(refused.status, 403, JSON.stringify(body))
    }
    const note = await s.cms.jobs.queue({ task: 'note', input: { text: 'secret' } })
    // The member lists its schedule and nothing else; the other member sees none of it.
    const list = await s.request('GET', '/api/payload-jobs', { headers: member })
    t.is(list.status, 200)
    t.deepEqual(
      list.body.docs.map((d: { id: unknown }) => d.id),
      [mine.body.doc.id],
    )
    const filtered = await s.request('GET', '/api/payload-jobs', {
      headers: member,
      query: {
        where: JSON.stringify({
          and: [
            { 'input.doc.relationTo': { equals: 'posts' } },
            { 'input.doc.value': { equals: s.data.mine } },
          ],
        }),
      },
    })
    t.is(filtered.body.docs.length, 1, JSON.stringify(filtered.body))
    t.is((await s.request('GET', `/api/payload-jobs/${note.id}`, { headers: member })).status, 404)
    const seen = await s.request('GET', '/api/payload-jobs', { headers: other })
    t.deepEqual(seen.body.docs, [])
    const stolen = await s.request('DELETE', `/api/payload-jobs/${mine.body.doc.id}`, {
      headers: other,
    })
    t.not(stolen.status, 200)
    // Cancelling its own pending schedule.
    const cancelled = await s.request('DELETE', `/api/payload-jobs/${mine.body.doc.id}`, {
      headers: member,
    })
    t.is(cancelled.status, 200, JSON.stringify(cancelled.body))
    t.is((await s.cms.count({ collection: 'payload-jobs' })).totalDocs, 1)
  },
)

test.serial('a member scheduled publish runs as the member and publishes its post', async (t) => {
  const member = await as('member')
  const queued = await s.request('POST', '/api/payload-jobs', {
    body: schedule('posts', s.data.mine),
    headers: member,
  })
  t.is(queued.status, 201)
  await new Promise((r) => setTimeout(r, 600))
  const ran = await s.cms.jobs.run()
  t.is(ran.jobStatus[String(queued.body.doc.id)]?.status, 'success')
  const post = await s.cms.findByID({ collection: 'posts', id: s.data.mine })
  t.is(post._status, 'published')
  // A run schedule is no longer the member's to delete.
  const late = await s.request('DELETE', `/api/payload-jobs/${queued.body.doc.id}`, {
    headers: member,
  })
  t.not(late.status, 200)
})
