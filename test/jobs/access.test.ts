/**
 * Who may use the jobs queue over HTTP (docs/jobs.md, "Access"; issue 54, finding 1): `payload-jobs` is the CMS's
 * own collection, closed to all but the trusted callers (users whose `update` access on the user collection is
 * `true`) until `jobs.access` opens it; a create through any API is a queued job, its task and input checked; and a
 * scheduled publish runs with the access of whoever queued it, never overridden. Every response is checked against
 * the contract.
 */
import test from 'ava'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { defineConfig } from '../../server/index.ts'
import type { Access, Config } from '../../server/config/types.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

const isAdmin = ({ req }: { req: { user: Record<string, unknown> | null } }) =>
  req.user?.role === 'admin'
const selfOrAdmin: Access = ({ req }) =>
  isAdmin({ req }) || (req.user ? { id: { equals: req.user.id } } : false)

function configWith(jobsAccess: NonNullable<Config['jobs']>['access']): Config {
  return defineConfig({
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
          update: ({ req }) => isAdmin({ req }),
        },
        fields: [{ name: 'title', type: 'text' }],
      },
    ],
    jobs: {
      tasks: [
        {
          slug: 'note',
          inputSchema: [{ name: 'text', type: 'text', required: true }],
          handler: () => ({ output: {} }),
        },
      ],
      access: jobsAccess,
      deleteJobOnComplete: false,
    },
    email: { sendEmail: () => {} },
  })
}

async function seed(cms: Parameters<Parameters<typeof useServer>[2] & object>[0]) {
  for (const role of ['admin', 'member'] as const)
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
  const draft = await cms.create({
    collection: 'posts',
    data: { title: 'embargoed', _status: 'draft' },
    draft: true,
  })
  return { post: draft.id }
}

// The defaults: nothing opened.
const closed = useServer(test, configWith(undefined), seed)

const as: (role: 'admin' | 'member') => Promise<Record<string, string>> = seededBearer(closed)

const publishBody = (post: unknown, user?: unknown) => ({
  taskSlug: 'schedulePublish',
  input: { type: 'publish', doc: { relationTo: 'posts', value: post }, ...(user ? { user } : {}) },
})

test.serial(
  'a member can neither queue, read, update nor delete jobs under the defaults, and lists none',
  async (t) => {
    const member = await as('member')
    const queued = await closed.request('POST', '/api/payload-jobs', {
      body: publishBody(closed.data.post),
      headers: member,
    })
    t.is(queued.status, 403, JSON.stringify(queued.body))
    const job = await closed.cms.jobs.queue({ task: 'note', input: { text: 'secret token' } })
    // With scheduled publishing a member lists the schedules it queued itself (schedule-access.test.ts): none here.
    const list = await closed.request('GET', '/api/payload-jobs', { headers: member })
    t.is(list.status, 200)
    t.deepEqual(list.body.docs, [])
    t.is(
      (await closed.request('GET', `/api/payload-jobs/${job.id}`, { headers: member })).status,
      404,
    )
    const patched = await closed.request('PATCH', `/api/payload-jobs/${job.id}`, {
      body: { input: { text: 'changed' } },
      headers: member,
    })
    t.is(patched.status, 403)
    const removed = await closed.request('DELETE', `/api/payload-jobs/${job.id}`, {
      headers: member,
    })
    t.is(removed.status, 403)
    t.is((await closed.request('GET', '/api/payload-jobs/run', { headers: member })).status, 401)
    const stored = await closed.cms.findByID({ collection: 'payload-jobs', id: job.id })
    t.deepEqual(stored.input, { text: 'secret token' })
    // Anonymous: 401 on the list, 403 on a create.
    t.is((await closed.request('GET', '/api/payload-jobs')).status, 401)
    // The admin reads them, and sees who queued each (server code: null).
    const admin = await as('admin')
    const read = await closed.request('GET', `/api/payload-jobs/${job.id}`, { headers: admin })
    t.is(read.status, 200)
    t.is(read.body.queuedBy, null)
  },
)

test.serial(
  'a job created over REST names a configured task and passes its inputSchema',
  async (t) => {
    const admin = await as('admin')
    const unknown = await closed.request('POST', '/api/payload-jobs', {
      body: { taskSlug: 'rm-rf', input: {} },
      headers: admin,
    })
    // Over REST the contract answers as Payload's select field does, naming the field (jobs-input.ts).
    t.is(unknown.status, 400)
    t.is(unknown.body.errors[0].message, 'The following field is invalid: taskSlug')
    t.deepEqual(unknown.body.errors[0].data.errors, [
      {
        label: 'taskSlug',
        message: 'must be equal to one of the allowed values',
        path: 'taskSlug',
      },
    ])
    const neither = await closed.request('POST', '/api/payload-jobs', {
      body: { input: { text: 'x' } },
      headers: admin,
    })
    t.is(neither.status, 400)
    t.is(neither.body.errors[0].message, 'The following field is invalid: taskSlug')
    t.is(neither.body.errors[0].data.errors[0].path, 'taskSlug')
    // The Local API, which no contract binds, is answered by the queue's own check, in its words.
    const local = (data: Record<string, unknown>) =>
      closed.cms.create({ collection: 'payload-jobs', data: data as never })
    await t.throwsAsync(local({ taskSlug: 'rm-rf', input: {} }), {
      message: /No task "rm-rf" is configured/,
    })
    await t.throwsAsync(local({ input: { text: 'x' } }), {
      message: /exactly one of taskSlug and workflowSlug/,
    })
    const bad = await closed.request('POST', '/api/payload-jobs', {
      body: { taskSlug: 'note', input: { text: 42 } },
      headers: admin,
    })
    t.is(bad.status, 400)
    t.true(JSON.stringify(bad.body).includes('input.text'), JSON.stringify(bad.body))
    const missing = await closed.request('POST', '/api/payload-jobs', {
      body: { taskSlug: 'note', input: {} },
      headers: admin,
    })
    t.is(missing.status, 400)
    const { totalDocs } = await closed.cms.count({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'rm-rf' } },
    })
    t.is(totalDocs, 0)
    const good = await closed.request('POST', '/api/payload-jobs', {
      body: { taskSlug: 'note', input: { text: 'hello' }, queuedBy: 'anonymous' },
      headers: admin,
    })
    t.is(good.status, 201, JSON.stringify(good.body))
    // queuedBy is the caller's, whatever the body said.
    const me = await closed.request('GET', '/api/users/me', { headers: admin })
    t.deepEqual(good.body.doc.queuedBy, { relationTo: 'users', value: me.body.user.id })
  },
)

test.serial(
  'the contract states the job bodies the server takes: one configured task or workflow, and its input',
  async (t) => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema(compileOpenAPI(closed.cms.config), 'contract')
    const validate = ajv.getSchema('contract#/components/schemas/PayloadJobCreateInput')!
    const admin = await as('admin')
    const bodies: [string, Record<string, unknown>][] = [
      ['no slug', {}],
      ['an empty task slug', { taskSlug: '', input: { text: 'x' } }],
      ['an unknown task', { taskSlug: 'rm-rf', input: {} }],
      ['a task and a workflow', { taskSlug: 'note', workflowSlug: 'note', input: { text: 'x' } }],
      ['a missing required input', { taskSlug: 'note', input: {} }],
      ['a wrongly typed input', { taskSlug: 'note', input: { text: 42 } }],
      ['a task with its input', { taskSlug: 'note', input: { text: 'x' } }],
      ['an extra input key', { taskSlug: 'note', input: { text: 'x', more: 1 } }],
      ['an empty workflow slug', { taskSlug: 'note', workflowSlug: '', input: { text: 'x' } }],
      ['a schedule without input', { taskSlug: 'schedulePublish' }],
    ]
    for (const [label, body] of bodies) {
      const bySchema = validate(body) as boolean
      const answer = await closed.request('POST', '/api/payload-jobs', { body, headers: admin })
      t.is(bySchema, answer.status === 201, `${label}: schema ${bySchema}, server ${answer.status}`)
    }
  },
)

// jobs.access.queue opened to every logged-in user: a member may queue, but a scheduled publish runs as the member.
const open = useServer(test, configWith({ queue: ({ req }) => Boolean(req.user) }), seed)

test.serial(
  "a member's scheduled publish runs with the member's access: the admin's draft stays unpublished",
  async (t) => {
    const bearer = seededBearer(open)
    const member = await bearer('member')
    const admin = await open.cms.find({
      collection: 'users',
      where: { role: { equals: 'admin' } },
    })
    // The input claims the admin as its user: ignored, the job runs as whoever queued it.
    const queued = await open.request('POST', '/api/payload-jobs', {
      body: publishBody(open.data.post, admin.docs[0].id),
      headers: member,
    })
    t.is(queued.status, 201, JSON.stringify(queued.body))
    const result = await open.cms.jobs.run()
    t.is(result.jobStatus[String(queued.body.doc.id)]?.status, 'error-reached-max-retries')
    const anonymous = await open.request('GET', `/api/posts/${open.data.post}`)
    t.is(anonymous.status, 404)
    const post = await open.cms.findByID({ collection: 'posts', id: open.data.post })
    t.is(post._status, 'draft')
    // The same job queued by the admin publishes.
    const adminToken = await bearer('admin')
    const byAdmin = await open.request('POST', '/api/payload-jobs', {
      body: publishBody(open.data.post),
      headers: adminToken,
    })
    t.is(byAdmin.status, 201)
    const ran = await open.cms.jobs.run()
    t.is(ran.jobStatus[String(byAdmin.body.doc.id)]?.status, 'success')
    t.is((await open.request('GET', `/api/posts/${open.data.post}`)).status, 200)
  },
)
