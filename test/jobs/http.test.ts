/**
 * The jobs queue over HTTP on a real server (docs/jobs.md): `payload-jobs` is read by the trusted callers (here
 * every logged-in user: the users collection has no update rule, so each may update every account; access.test.ts
 * has a config where members are not trusted), `GET /api/payload-jobs/run` runs jobs after `jobs.access.run`, and an
 * autoRun schedule runs a queued job on its own tick. Every response is checked against the contract.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'

const ran: string[] = []
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      fields: [
        { name: 'role', type: 'select', options: ['ops', 'reader'], defaultValue: 'reader' },
      ],
    },
  ],
  jobs: {
    tasks: [
      {
        slug: 'note',
        inputSchema: [{ name: 'text', type: 'text', required: true }],
        handler: ({ input }) => {
          ran.push(String(input.text))
          return { output: { length: String(input.text).length } }
        },
      },
    ],
    // Only ops users may run jobs over HTTP; the autoRun schedule runs the "tick" queue every second.
    access: { run: ({ req }) => req.user?.role === 'ops' },
    autoRun: [{ cron: '* * * * * *', queue: 'tick' }],
    deleteJobOnComplete: false,
  },
  email: { sendEmail: () => {} },
})

const s = useServer(test, config, async (cms) => {
  for (const role of ['ops', 'reader'])
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
})

const tokens = new Map<string, string>()
async function as(role: 'ops' | 'reader'): Promise<Record<string, string>> {
  if (!tokens.has(role)) {
    const body = { email: `${role}@example.com`, password: `${role}-password` }
    tokens.set(role, (await s.request('POST', '/api/users/login', { body })).body.token)
  }
  return { authorization: `Bearer ${tokens.get(role)}` }
}

test.serial('payload-jobs is read by trusted callers only: anonymous is refused', async (t) => {
  const job = await s.cms.jobs.queue({ task: 'note', input: { text: 'listed' } })
  const anonymous = await s.request('GET', '/api/payload-jobs')
  t.is(anonymous.status, 401)
  const list = await s.request('GET', '/api/payload-jobs', { headers: await as('reader') })
  t.is(list.status, 200)
  t.deepEqual(
    list.body.docs.map((d: { id: unknown; taskSlug: string; input: unknown }) => [
      d.id,
      d.taskSlug,
      d.input,
    ]),
    [[job.id, 'note', { text: 'listed' }]],
  )
  // The lease column is internal.
  t.false('processingUntil' in list.body.docs[0])
  const one = await s.request('GET', `/api/payload-jobs/${job.id}`, { headers: await as('reader') })
  t.is(one.status, 200)
  t.like(one.body, { queue: 'default', processing: false, hasError: false, totalTried: 0 })
})

test.serial('GET /api/payload-jobs/run runs jobs for callers jobs.access.run allows', async (t) => {
  const anonymous = await s.request('GET', '/api/payload-jobs/run')
  t.is(anonymous.status, 401)
  const reader = await s.request('GET', '/api/payload-jobs/run', { headers: await as('reader') })
  t.is(reader.status, 401)
  t.false(ran.includes('listed'))
  await s.cms.jobs.queue({ task: 'note', input: { text: 'second' } })
  const once = await s.request('GET', '/api/payload-jobs/run', {
    query: { limit: '1' },
    headers: await as('ops'),
  })
  t.is(once.status, 200)
  t.deepEqual(once.body, {
    message: 'Success',
    noJobsRemaining: false,
    remainingJobsFromQueried: 1,
  })
  t.deepEqual(ran, ['listed'])
  const rest = await s.request('GET', '/api/payload-jobs/run', { headers: await as('ops') })
  t.like(rest.body, { noJobsRemaining: true, remainingJobsFromQueried: 0 })
  t.deepEqual(ran, ['listed', 'second'])
  const done = await s.request('GET', '/api/payload-jobs', {
    query: { 'where[completedAt][exists]': 'true' },
    headers: await as('reader'),
  })
  t.is(done.body.totalDocs, 2)
  const bad = await s.request('GET', '/api/payload-jobs/run', {
    query: { limit: '0' },
    headers: await as('ops'),
  })
  t.is(bad.status, 400)
})

test.serial('an autoRun schedule runs a queued job on its next tick', async (t) => {
  const job = await s.cms.jobs.queue({ task: 'note', input: { text: 'on a tick' }, queue: 'tick' })
  const deadline = Date.now() + 10_000
  let completed: unknown
  while (!completed && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100))
    completed = (await s.cms.findByID({ collection: 'payload-jobs' as 'users', id: job.id }))
      .completedAt
  }
  t.truthy(completed, 'the job ran within ten seconds of being queued')
  t.is(ran.filter((x) => x === 'on a tick').length, 1)
})
