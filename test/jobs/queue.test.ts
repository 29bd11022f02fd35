/**
 * The jobs queue through the Local API on the database under test (docs/jobs.md): tasks with input schemas and
 * outputs, retries with backoff then the failure recorded, workflows memoising completed steps across a retry,
 * queues, waitUntil, run limits, cancelling, and a job queued inside a rolled-back transaction.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Job, TaskConfig, WorkflowConfig } from '../../server/config/jobs.ts'
import type { CmsRequest } from '../../server/config/types.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

/** What the handlers did, by key: how often each ran and with which input. */
const calls = new Map<string, unknown[]>()
const called = (key: string, value: unknown = null) =>
  calls.set(key, [...(calls.get(key) ?? []), value])
const countOf = (key: string) => calls.get(key)?.length ?? 0

const tasks: TaskConfig[] = [
  {
    slug: 'greet',
    inputSchema: [
      { name: 'name', type: 'text', required: true },
      { name: 'times', type: 'number', min: 1 },
    ],
    outputSchema: [{ name: 'greeting', type: 'text' }],
    handler: ({ input }) => {
      called('greet', input)
      return { output: { greeting: `hello ${String(input.name)}` } }
    },
  },
  {
    slug: 'flaky',
    retries: { attempts: 2, backoff: { type: 'fixed', delay: 50 } },
    handler: ({ input }) => {
      called(`flaky:${String(input.key)}`)
      if (countOf(`flaky:${String(input.key)}`) <= Number(input.failures ?? 99))
        throw new Error(`flaky failure ${countOf(`flaky:${String(input.key)}`)}`)
      return { output: { ok: true } }
    },
  },
  {
    slug: 'refuse',
    handler: () => ({ state: 'failed', errorMessage: 'refused on purpose' }),
  },
  {
    // Deletes its own job while it runs (an editor deleting a running job does the same).
    slug: 'vanish',
    handler: async ({ job, req }) => {
      await req.cms.delete({ collection: 'payload-jobs' as 'notes', id: job.id })
      return { output: {} }
    },
  },
  {
    slug: 'record',
    handler: ({ input }) => {
      called('record', input.label)
      return { output: { label: input.label } }
    },
  },
]

const workflows: WorkflowConfig[] = [
  {
    slug: 'pipeline',
    retries: 1,
    inputSchema: [{ name: 'key', type: 'text', required: true }],
    handler: async ({ job, tasks: run, inlineTask }) => {
      const key = String(job.input.key)
      const first = await run.record('first', { input: { label: `${key}-first` } })
      const second = await inlineTask('second', {
        task: () => {
          called(`second:${key}`)
          if (countOf(`second:${key}`) === 1) throw new Error('second step fails once')
          return { output: { after: first.label } }
        },
      })
      called(`done:${key}`, second.after)
    },
  },
]

const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'notes',
        fields: [{ name: 'title', type: 'text', required: true }],
        hooks: {
          // Queues a job with the write's req (its transaction), then fails the write for one title.
          afterChange: [
            async ({ doc, req }) => {
              const r = req as CmsRequest
              const title = String((doc as { title: string }).title)
              await r.cms.jobs.queue({ task: 'record', input: { label: `note ${title}` }, req: r })
              if (title === 'fail') throw new Error('afterChange failed')
            },
          ],
        },
      },
    ],
    jobs: { tasks, workflows, deleteJobOnComplete: false },
  }),
)
const jobOf = async (id: Job['id']) =>
  (await state.cms.findByID({ collection: 'payload-jobs' as 'notes', id })) as unknown as Job

test.serial('a task runs once with its input and stores its output in the log', async (t) => {
  const job = await state.cms.jobs.queue({ task: 'greet', input: { name: 'Ada', times: 2 } })
  t.is(job.taskSlug, 'greet')
  t.is(job.queue, 'default')
  t.false(job.processing)
  t.is(job.totalTried, 0)
  const result = await state.cms.jobs.run()
  t.deepEqual(result.jobStatus, { [String(job.id)]: { status: 'success' } })
  t.deepEqual(calls.get('greet'), [{ name: 'Ada', times: 2 }])
  const done = await jobOf(job.id)
  t.truthy(done.completedAt)
  t.is(done.totalTried, 1)
  t.false(done.hasError)
  t.is(done.log?.length, 1)
  t.like(done.log?.[0], {
    taskSlug: 'greet',
    state: 'succeeded',
    output: { greeting: 'hello Ada' },
  })
  // A completed job does not run again.
  t.deepEqual((await state.cms.jobs.run()).jobStatus, {})
  t.is(countOf('greet'), 1)
})

test.serial(
  'an input that fails the inputSchema is refused with a 400 naming the field',
  async (t) => {
    const error = await rejectsWith(
      t,
      state.cms.jobs.queue({ task: 'greet', input: { times: 0 } }),
      'ValidationError',
      400,
    )
    const paths = (error.data as { errors: { path: string }[] }).errors.map((e) => e.path)
    t.deepEqual(paths.sort(), ['input.name', 'input.times'])
    await rejectsWith(t, state.cms.jobs.queue({ task: 'nope' }), 'BadRequest', 400)
  },
)

test.serial('a failing task is retried after its backoff, then recorded as failed', async (t) => {
  const job = await state.cms.jobs.queue({ task: 'flaky', input: { key: 'a' }, queue: 'flaky' })
  const first = await state.cms.jobs.run({ queue: 'flaky' })
  t.deepEqual(first.jobStatus, { [String(job.id)]: { status: 'error' } })
  let stored = await jobOf(job.id)
  t.is(stored.totalTried, 1)
  t.false(stored.hasError)
  t.truthy(stored.waitUntil)
  // Before its backoff ends the job is not claimed.
  if (Date.parse(String(stored.waitUntil)) > Date.now())
    t.deepEqual((await state.cms.jobs.run({ queue: 'flaky' })).jobStatus, {})
  for (let tries = 2; tries <= 3; tries++) {
    await waitUntilPast(String((await jobOf(job.id)).waitUntil))
    await state.cms.jobs.run({ queue: 'flaky' })
  }
  stored = await jobOf(job.id)
  t.is(countOf('flaky:a'), 3)
  t.is(stored.totalTried, 3)
  t.true(stored.hasError)
  t.like(stored.error, { message: 'flaky failure 3' })
  t.deepEqual(
    stored.log?.map((e) => [e.state, (e.error as { message: string }).message]),
    [1, 2, 3].map((n) => ['failed', `flaky failure ${n}`]),
  )
  // A job with hasError is never run again.
  t.deepEqual((await state.cms.jobs.run({ queue: 'flaky' })).jobStatus, {})
})

test.serial('a task answering state: failed fails without retries', async (t) => {
  const job = await state.cms.jobs.queue({ task: 'refuse', queue: 'refuse' })
  const result = await state.cms.jobs.run({ queue: 'refuse' })
  t.deepEqual(result.jobStatus, { [String(job.id)]: { status: 'error-reached-max-retries' } })
  const stored = await jobOf(job.id)
  t.true(stored.hasError)
  t.like(stored.error, { message: 'refused on purpose' })
})

test.serial('a retried workflow skips the steps that already succeeded', async (t) => {
  const job = await state.cms.jobs.queue({
    workflow: 'pipeline',
    input: { key: 'w1' },
    queue: 'flow',
  })
  t.is(job.workflowSlug, 'pipeline')
  const run = async () => (await state.cms.jobs.run({ queue: 'flow' })).jobStatus
  t.deepEqual(await run(), { [String(job.id)]: { status: 'error' } })
  t.deepEqual(await run(), { [String(job.id)]: { status: 'success' } })
  t.deepEqual(calls.get('record'), ['w1-first'])
  t.is(countOf('second:w1'), 2)
  t.deepEqual(calls.get('done:w1'), ['w1-first'])
  const stored = await jobOf(job.id)
  t.deepEqual(
    stored.log?.map((e) => [e.taskSlug, e.taskID, e.state]),
    [
      ['record', 'first', 'succeeded'],
      ['inline', 'second', 'failed'],
      ['inline', 'second', 'succeeded'],
    ],
  )
  t.is(stored.totalTried, 2)
})

test.serial('queues, waitUntil and limit decide which jobs a run claims', async (t) => {
  const later = await state.cms.jobs.queue({
    task: 'record',
    input: { label: 'later' },
    waitUntil: new Date(Date.now() + 60 * 60_000),
  })
  const other = await state.cms.jobs.queue({
    task: 'record',
    input: { label: 'mail' },
    queue: 'mail',
  })
  const a = await state.cms.jobs.queue({ task: 'record', input: { label: 'a' } })
  const b = await state.cms.jobs.queue({ task: 'record', input: { label: 'b' } })
  const first = await state.cms.jobs.run({ limit: 1 })
  t.deepEqual(Object.keys(first.jobStatus), [String(a.id)])
  t.is(first.remainingJobsFromQueried, 1)
  t.false(first.noJobsRemaining)
  const second = await state.cms.jobs.run()
  t.deepEqual(Object.keys(second.jobStatus), [String(b.id)])
  t.true(second.noJobsRemaining)
  const mail = await state.cms.jobs.run({ queue: 'mail' })
  t.deepEqual(Object.keys(mail.jobStatus), [String(other.id)])
  t.falsy((await jobOf(later.id)).completedAt)
  t.deepEqual(calls.get('record')?.slice(-3), ['a', 'b', 'mail'])
  // runByID still respects waitUntil: the job is not due.
  t.deepEqual((await state.cms.jobs.runByID({ id: later.id })).jobStatus, {})
  await state.cms.jobs.cancelByID({ id: later.id })
  const cancelled = await jobOf(later.id)
  t.true(cancelled.hasError)
  t.like(cancelled.error, { cancelled: true })
})

test.serial('a job queued inside a transaction that rolls back never runs', async (t) => {
  const jobsBefore = (await state.cms.count({ collection: 'payload-jobs' as 'notes' })).totalDocs
  await t.throwsAsync(state.cms.create({ collection: 'notes', data: { title: 'fail' } }), {
    message: 'afterChange failed',
  })
  t.is((await state.cms.count({ collection: 'payload-jobs' as 'notes' })).totalDocs, jobsBefore)
  await state.cms.create({ collection: 'notes', data: { title: 'kept' } })
  t.is((await state.cms.count({ collection: 'payload-jobs' as 'notes' })).totalDocs, jobsBefore + 1)
  await state.cms.jobs.run()
  t.true(calls.get('record')?.includes('note kept'))
  t.false(calls.get('record')?.includes('note fail'))
})

async function waitUntilPast(iso: string): Promise<void> {
  const wait = Date.parse(iso) - Date.now() + 5
  if (wait > 0) await new Promise((r) => setTimeout(r, wait))
}

test.serial(
  'run with where claims only the matching jobs; access applies with overrideAccess: false',
  async (t) => {
    const first = await state.cms.jobs.queue({ task: 'record', input: { label: 'w1' }, queue: 'w' })
    const second = await state.cms.jobs.queue({
      task: 'record',
      input: { label: 'w2' },
      queue: 'w',
    })
    const result = await state.cms.jobs.run({ queue: 'w', where: { id: { equals: second.id } } })
    t.deepEqual(Object.keys(result.jobStatus), [String(second.id)])
    t.falsy((await jobOf(first.id)).completedAt)
    // The queue is the CMS's own: by default only trusted callers (users who may update every account of the
    // admin's user collection) queue, run and cancel; without a user nobody is, and this config has no auth
    // collection, so a user given by the caller is not trusted either (test/jobs/access.test.ts opens it).
    const asCaller = { overrideAccess: false }
    await rejectsWith(t, state.cms.jobs.queue({ task: 'record', ...asCaller }), 'Forbidden', 403)
    await rejectsWith(t, state.cms.jobs.run({ queue: 'w', ...asCaller }), 'Forbidden', 403)
    await rejectsWith(t, state.cms.jobs.cancelByID({ id: first.id, ...asCaller }), 'Forbidden', 403)
    const user = { id: 1, collection: 'users' }
    const asUser = { req: { user }, ...asCaller }
    await rejectsWith(
      t,
      state.cms.jobs.queue({ task: 'record', queue: 'w', ...asUser }),
      'Forbidden',
      403,
    )
  },
)

test.serial(
  'a job deleted while it runs is reported as an error; the jobs claimed with it still run and complete',
  async (t) => {
    const gone = await state.cms.jobs.queue({ task: 'vanish', queue: 'v' })
    const next = await state.cms.jobs.queue({ task: 'record', input: { label: 'v2' }, queue: 'v' })
    const result = await state.cms.jobs.run({ queue: 'v', limit: 2 })
    t.deepEqual(result.jobStatus, {
      [String(gone.id)]: { status: 'error' },
      [String(next.id)]: { status: 'success' },
    })
    t.true(calls.get('record')?.includes('v2'))
    t.truthy((await jobOf(next.id)).completedAt)
    t.false((await jobOf(next.id)).processing)
    t.is(
      (
        await state.cms.count({
          collection: 'payload-jobs' as 'notes',
          where: { queue: { equals: 'v' } },
        })
      ).totalDocs,
      1,
    )
    t.true(result.noJobsRemaining)
  },
)
