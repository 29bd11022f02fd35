/**
 * The jobs queue at start (docs/jobs.md): checks `jobs` (tasks, workflows, retries, autoRun crons, access), adds
 * Payload's `schedulePublish` task when a collection or global asks for it, and builds the `payload-jobs`
 * collection the jobs are stored in.
 */
import { Cron } from 'croner'
import { ConfigError } from '../../errors/config-error.ts'
import { SYSTEM_COLLECTIONS } from '../events.ts'
import type {
  AutoRunEntry,
  JobsAccess,
  JobsConfig,
  RetryConfig,
  SanitizedJobs,
  SanitizedRunnable,
  TaskConfig,
  WorkflowConfig,
} from '../jobs.ts'
import type { CollectionConfig, Config } from '../types.ts'
import { checkFields } from './fields.ts'
import { jobsCollection } from './jobs-collection.ts'
import { schedulePublishTask } from './schedule-publish.ts'
import { trustedAccess } from '../trusted.ts'

/** Where scheduled publishing is on: `versions.drafts.schedulePublish: true`. */
function schedulesPublish(owner: { versions?: unknown }): boolean {
  const v = owner.versions
  if (!v || typeof v !== 'object' || !('drafts' in v)) return false
  const drafts = v.drafts
  return Boolean(
    drafts && typeof drafts === 'object' && 'schedulePublish' in drafts && drafts.schedulePublish,
  )
}

/**
 * The sanitised queue and the `payload-jobs` collection to add, or undefined when there is nothing to queue
 * (no tasks, no workflows, no schedulePublish).
 */
export function sanitizeJobs(
  input: Config,
  slugs: Set<string>,
  localized: boolean,
): { jobs: SanitizedJobs; collection: CollectionConfig } | undefined {
  const jobs: JobsConfig = input.jobs ?? {}
  if (typeof jobs !== 'object') throw new ConfigError('jobs must be an object.')
  const tasks = list<TaskConfig>(jobs.tasks, 'jobs.tasks')
  const workflows = list<WorkflowConfig>(jobs.workflows, 'jobs.workflows')
  const collections = (input.collections ?? []).filter(schedulesPublish).map((c) => c.slug)
  const globals = (input.globals ?? []).filter(schedulesPublish).map((g) => g.slug)
  if (collections.length || globals.length) tasks.push(schedulePublishTask(collections, globals))
  if (!tasks.length && !workflows.length) {
    if (input.jobs?.autoRun)
      throw new ConfigError('jobs.autoRun needs jobs.tasks or jobs.workflows to run.')
    return undefined
  }
  if (slugs.has(SYSTEM_COLLECTIONS.jobs))
    throw new ConfigError(
      `Collection "${SYSTEM_COLLECTIONS.jobs}": the slug is the jobs queue's own collection; rename yours.`,
    )
  // The queue is the CMS's own: closed to all but the trusted callers until the config opens it.
  const trustedCaller = trustedAccess(input, input.collections ?? [])
  const trusted: JobsAccess = async ({ req }) => (await trustedCaller({ req })) === true
  const taken = new Map<string, string>()
  const runnable = <T extends TaskConfig | WorkflowConfig>(t: T, kind: string) => {
    const at = `jobs.${kind}[${t.slug}]`
    if (!t.slug || typeof t.slug !== 'string')
      throw new ConfigError(`Every entry of jobs.${kind} needs a slug (a string).`)
    if (taken.has(t.slug))
      throw new ConfigError(`${at}: duplicate slug; ${taken.get(t.slug)} already uses it.`)
    taken.set(t.slug, `a ${kind === 'tasks' ? 'task' : 'workflow'}`)
    if (typeof t.handler !== 'function') throw new ConfigError(`${at}.handler must be a function.`)
    const inputFields = checkFields(
      t.inputSchema ?? [],
      `${at}.inputSchema`,
      slugs,
      localized,
      true,
    )
    if ('outputSchema' in t && t.outputSchema)
      checkFields(t.outputSchema, `${at}.outputSchema`, slugs, localized, true)
    return [t.slug, { config: t, inputFields, ...retries(t.retries, `${at}.retries`) }] as const
  }
  const sanitized: SanitizedJobs = {
    tasks: new Map(tasks.map((t) => runnable(t, 'tasks'))),
    workflows: new Map(workflows.map((w) => runnable(w, 'workflows'))),
    autoRun: checkAutoRun(jobs.autoRun, collections.length + globals.length > 0),
    shouldAutoRun: fn(jobs.shouldAutoRun, 'jobs.shouldAutoRun'),
    deleteJobOnComplete: jobs.deleteJobOnComplete ?? true,
    schedulePublishCollections: new Set(collections),
    schedulePublishGlobals: new Set(globals),
    access: {
      run: fn(jobs.access?.run, 'jobs.access.run') ?? trusted,
      queue: fn(jobs.access?.queue, 'jobs.access.queue') ?? trusted,
      cancel: fn(jobs.access?.cancel, 'jobs.access.cancel') ?? trusted,
      read: fn(jobs.access?.read, 'jobs.access.read') ?? trusted,
    },
  }
  if (typeof sanitized.deleteJobOnComplete !== 'boolean')
    throw new ConfigError('jobs.deleteJobOnComplete must be true or false.')
  return {
    jobs: sanitized,
    collection: jobsCollection(sanitized, trusted),
  }
}

function list<T>(value: unknown, at: string): T[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new ConfigError(`${at} must be an array.`)
  for (const item of value)
    if (!item || typeof item !== 'object')
      throw new ConfigError(`Every entry of ${at} must be an object.`)
  return [...(value as T[])]
}

function fn<F>(value: F | undefined, at: string): F | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new ConfigError(`${at} must be a function.`)
  return value
}

/** `retries` as attempts (the first run included) and a backoff; Payload's default is no retry. */
function retries(
  value: RetryConfig | undefined,
  at: string,
): Pick<SanitizedRunnable<unknown>, 'attempts' | 'backoff'> {
  const count = typeof value === 'object' && value ? value.attempts : (value ?? 0)
  if (!Number.isInteger(count) || count < 0)
    throw new ConfigError(
      `${at} must be a whole number of retries (0 or more); got ${String(count)}.`,
    )
  const backoff = typeof value === 'object' && value ? value.backoff : undefined
  if (!backoff) return { attempts: count + 1, backoff: undefined }
  if (backoff.type !== 'fixed' && backoff.type !== 'exponential')
    throw new ConfigError(`${at}.backoff.type must be "fixed" or "exponential".`)
  const delay = backoff.delay ?? 0
  if (!Number.isInteger(delay) || delay < 0)
    throw new ConfigError(`${at}.backoff.delay must be a whole number of milliseconds.`)
  return { attempts: count + 1, backoff: { type: backoff.type, delay } }
}

/**
 * The autoRun schedules, each cron parsed by croner now (a bad one is a start error); with scheduled publishing and
 * no autoRun of its own, the default queue runs every minute so scheduled documents publish without a cron set up.
 */
function checkAutoRun(value: JobsConfig['autoRun'], publishes: boolean): JobsConfig['autoRun'] {
  if (value === undefined) return publishes ? [{ cron: '* * * * *', queue: 'default' }] : undefined
  if (typeof value === 'function') return value
  if (!Array.isArray(value))
    throw new ConfigError(
      'jobs.autoRun must be an array of { cron, limit?, queue? } or a function.',
    )
  value.forEach((entry: AutoRunEntry, i) => checkAutoRunEntry(entry, `jobs.autoRun[${i}]`))
  return value
}

export function checkAutoRunEntry(entry: AutoRunEntry, at: string): void {
  if (!entry || typeof entry !== 'object' || typeof entry.cron !== 'string')
    throw new ConfigError(`${at}.cron must be a cron expression (a string).`)
  try {
    new Cron(entry.cron, { paused: true }).stop()
  } catch (e) {
    throw new ConfigError(
      `${at}.cron "${entry.cron}" is not a valid cron expression: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
  if (entry.limit !== undefined && (!Number.isInteger(entry.limit) || entry.limit < 1))
    throw new ConfigError(`${at}.limit must be a whole number of jobs (1 or more).`)
  if (entry.queue !== undefined && (typeof entry.queue !== 'string' || !entry.queue))
    throw new ConfigError(`${at}.queue must be a queue name (a non-empty string).`)
}
