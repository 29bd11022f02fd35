/**
 * The jobs config at start (docs/jobs.md): each mistake is a ConfigError naming the key, refused Payload options
 * say what to do instead, and `payload-jobs` is added only when there is something to queue.
 */
import test from 'ava'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import type { JobsConfig } from '../../server/config/jobs.ts'

const handler = () => ({ output: {} })
const withJobs = (jobs: unknown, extra: Partial<Config> = {}): Config => ({
  collections: [{ slug: 'posts', fields: [{ name: 'title', type: 'text' }] }],
  jobs: jobs as JobsConfig,
  ...extra,
})
const refused = (t: import('ava').ExecutionContext, config: Config, message: RegExp) =>
  t.throws(() => sanitizeConfig(config), { name: 'ConfigError', message })

test('a task handler that is not a function is refused', (t) => {
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler: 'no' }] }),
    /jobs\.tasks\[a\]\.handler must be a function/,
  )
})

test('duplicate slugs across tasks and workflows are refused', (t) => {
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler }], workflows: [{ slug: 'a', handler }] }),
    /jobs\.workflows\[a\]: duplicate slug; a task already uses it/,
  )
})

test('a bad cron expression is refused naming the entry', (t) => {
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler }], autoRun: [{ cron: 'every minute' }] }),
    /jobs\.autoRun\[0\]\.cron "every minute" is not a valid cron expression/,
  )
})

test('bad retries and backoff are refused', (t) => {
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler, retries: -1 }] }),
    /jobs\.tasks\[a\]\.retries must be a whole number/,
  )
  refused(
    t,
    withJobs({
      tasks: [{ slug: 'a', handler, retries: { attempts: 1, backoff: { type: 'linear' } } }],
    }),
    /jobs\.tasks\[a\]\.retries\.backoff\.type must be "fixed" or "exponential"/,
  )
})

test('an inputSchema is checked like collection fields', (t) => {
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler, inputSchema: [{ name: 'n', type: 'nope' }] }] }),
    /jobs\.tasks\[a\]\.inputSchema/,
  )
})

test('refused Payload options say what to do instead', (t) => {
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler }], stats: true }),
    /jobs\.stats is not supported: there is no jobs stats global/,
  )
  refused(
    t,
    withJobs({ tasks: [{ slug: 'a', handler, concurrency: 'x' }] }),
    /jobs\.tasks\[a\]\.concurrency is not supported/,
  )
  refused(t, withJobs({ tasks: [], unknownKey: 1 }), /jobs\.unknownKey/)
})

test('a collection may not take the slug payload-jobs when the queue is on', (t) => {
  refused(
    t,
    {
      collections: [{ slug: 'payload-jobs', fields: [] }],
      jobs: { tasks: [{ slug: 'a', handler }] },
    },
    /"payload-jobs": the slug is the jobs queue's own collection/,
  )
})

test('payload-jobs is added when there is something to queue, and only then', (t) => {
  t.false(sanitizeConfig(withJobs(undefined)).collectionsBySlug.has('payload-jobs'))
  const jobs = sanitizeConfig(withJobs({ tasks: [{ slug: 'a', handler }] }))
  const collection = jobs.collectionsBySlug.get('payload-jobs')
  t.truthy(collection)
  t.deepEqual([...(jobs.jobsQueue?.tasks.keys() ?? [])], ['a'])
  t.true(jobs.jobsQueue?.deleteJobOnComplete)
  // schedulePublish alone adds the queue, its task, and a default autoRun of the default queue every minute.
  const scheduled = sanitizeConfig({
    collections: [{ slug: 'posts', versions: { drafts: { schedulePublish: true } }, fields: [] }],
  })
  t.deepEqual([...(scheduled.jobsQueue?.tasks.keys() ?? [])], ['schedulePublish'])
  t.deepEqual(scheduled.jobsQueue?.autoRun, [{ cron: '* * * * *', queue: 'default' }])
})
