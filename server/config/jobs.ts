/**
 * Payload 3's jobs queue, in config (docs/jobs.md): tasks, workflows, autoRun schedules and access. Jobs are
 * documents of the `payload-jobs` collection, which the sanitiser adds (`sanitize/jobs.ts`).
 */
import type { CmsRequest, FlattenedField, ID, Field, Where } from './types.ts'
import type { LocalApi } from './local-api.ts'

/** One entry of a job's `log`: a task run inside it, succeeded or failed. */
export interface JobLogEntry {
  executedAt: string
  completedAt: string
  taskSlug: string
  taskID: string
  input?: unknown
  output?: unknown
  state: 'failed' | 'succeeded'
  error?: unknown
}

/** A document of `payload-jobs`. */
export interface Job {
  id: ID
  input: Record<string, unknown>
  taskSlug?: string | null
  workflowSlug?: string | null
  queue: string
  waitUntil?: string | null
  processing: boolean
  totalTried: number
  hasError: boolean
  error?: unknown
  completedAt?: string | null
  log?: JobLogEntry[] | null
  /** Who queued it: `{ relationTo, value }` of the caller's user, `'anonymous'`, or null from server code. */
  queuedBy?: { relationTo: string; value: ID } | 'anonymous' | null
  createdAt: string
  updatedAt: string
}

/** Retries after a failure: a count, or attempts with a backoff (delay in ms, doubled per try when exponential). */
export type RetryConfig =
  | number
  | {
      attempts: number
      backoff?: { type: 'fixed' | 'exponential'; delay?: number }
    }

/** Runs a configured task once inside a workflow: `await tasks.resize('1', { input })` (its output memoised). */
export type RunTask = (
  taskID: string,
  args?: { input?: Record<string, unknown> },
) => Promise<Record<string, unknown>>
export type RunTasks = Record<string, RunTask>
/** Runs an unconfigured step once inside a workflow: `await inlineTask('1', { task: async () => ({ output }) })`. */
export type RunInlineTask = (
  taskID: string,
  args: {
    task: (args: {
      input: Record<string, unknown>
      job: Job
      req: CmsRequest
    }) => TaskHandlerResult | Promise<TaskHandlerResult>
    input?: Record<string, unknown>
  },
) => Promise<Record<string, unknown>>

export interface TaskHandlerArgs {
  input: Record<string, unknown>
  job: Job
  req: CmsRequest
  inlineTask: RunInlineTask
  tasks: RunTasks
}
/** A task's answer: its output, or a failure with a message (Payload's `{ state: 'failed' }`). */
export type TaskHandlerResult =
  | { output?: Record<string, unknown>; state?: 'succeeded' }
  | { state: 'failed'; errorMessage?: string }
  | void

export interface TaskConfig {
  slug: string
  handler: (args: TaskHandlerArgs) => TaskHandlerResult | Promise<TaskHandlerResult>
  /** Payload fields the input must match when the task is queued (a 400 naming the field otherwise). */
  inputSchema?: Field[]
  /** Payload fields describing the output (kept for types; not checked). */
  outputSchema?: Field[]
  retries?: RetryConfig
  label?: string
  onSuccess?: (args: { job: Job; req: CmsRequest }) => void | Promise<void>
  onFail?: (args: { job: Job; req: CmsRequest }) => void | Promise<void>
}

export interface WorkflowConfig {
  slug: string
  handler: (args: {
    job: Job
    tasks: RunTasks
    inlineTask: RunInlineTask
    req: CmsRequest
  }) => void | Promise<void>
  inputSchema?: Field[]
  retries?: RetryConfig
  /** The queue its jobs go to when `queue()` names none. */
  queue?: string
  label?: string
}

/** One autoRun schedule: every `cron` tick (croner syntax, 5 or 6 fields), run up to `limit` jobs of `queue`. */
export interface AutoRunEntry {
  cron: string
  limit?: number
  queue?: string
}

export type JobsAccess = (args: { req: CmsRequest }) => boolean | Promise<boolean>

export interface JobsConfig {
  tasks?: TaskConfig[]
  workflows?: WorkflowConfig[]
  /** Schedules run in every server process; a function gets the Local API and answers them. */
  autoRun?: AutoRunEntry[] | ((cms: LocalApi) => AutoRunEntry[] | Promise<AutoRunEntry[]>)
  /** Asked before every autoRun tick; false skips it. */
  shouldAutoRun?: (cms: LocalApi) => boolean | Promise<boolean>
  /** Default true: a completed job's document is deleted. */
  deleteJobOnComplete?: boolean
  /**
   * Who may run (`/api/payload-jobs/run`), queue (and create `payload-jobs` documents), cancel jobs, and read the
   * `payload-jobs` documents (`read`, this CMS's addition). Each defaults to the trusted callers (server/config/trusted.ts:
   * users who may update every account), not Payload's any logged-in user: docs/jobs.md, "Access".
   */
  access?: { run?: JobsAccess; queue?: JobsAccess; cancel?: JobsAccess; read?: JobsAccess }
}

/** A task or workflow after the sanitiser: its input fields flattened and checked. */
export interface SanitizedRunnable<T> {
  config: T
  inputFields: FlattenedField[]
  attempts: number
  backoff: { type: 'fixed' | 'exponential'; delay: number } | undefined
}

export interface SanitizedJobs {
  tasks: Map<string, SanitizedRunnable<TaskConfig>>
  workflows: Map<string, SanitizedRunnable<WorkflowConfig>>
  autoRun: JobsConfig['autoRun']
  shouldAutoRun: JobsConfig['shouldAutoRun']
  deleteJobOnComplete: boolean
  access: { run: JobsAccess; queue: JobsAccess; cancel: JobsAccess; read: JobsAccess }
  /** The collections with `versions.drafts.schedulePublish`: deleting one of their documents drops its pending schedules. */
  schedulePublishCollections: ReadonlySet<string>
  /** The globals with `versions.drafts.schedulePublish`. */
  schedulePublishGlobals: ReadonlySet<string>
}

/** `cms.jobs.queue` arguments: a task or a workflow, its input, and when and where it runs. */
export interface QueueJobArgs {
  task?: string
  workflow?: string
  input?: Record<string, unknown>
  queue?: string
  /** Not run before this time. */
  waitUntil?: Date | string
  req?: Partial<CmsRequest>
  overrideAccess?: boolean
}

export interface RunJobsArgs {
  queue?: string
  /** Every queue (default: only `queue`, or 'default'). */
  allQueues?: boolean
  limit?: number
  where?: Where
  req?: Partial<CmsRequest>
  overrideAccess?: boolean
}

export interface RunJobsResult {
  jobStatus: Record<string, { status: 'success' | 'error' | 'error-reached-max-retries' }>
  remainingJobsFromQueried: number
  noJobsRemaining: boolean
}

/** The Local API's `jobs`: Payload's `payload.jobs`. */
export interface JobsApi {
  queue(args: QueueJobArgs): Promise<Job>
  run(args?: RunJobsArgs): Promise<RunJobsResult>
  runByID(args: {
    id: ID
    req?: Partial<CmsRequest>
    overrideAccess?: boolean
  }): Promise<RunJobsResult>
  cancel(args: {
    where: Where
    queue?: string
    req?: Partial<CmsRequest>
    overrideAccess?: boolean
  }): Promise<void>
  cancelByID(args: { id: ID; req?: Partial<CmsRequest>; overrideAccess?: boolean }): Promise<void>
  /**
   * The document a create of `payload-jobs` stores (the collection's beforeChange hook, every API): its task or
   * workflow configured, its input checked against the inputSchema, `queuedBy` the caller. This CMS's addition.
   */
  checkJob(data: Record<string, unknown>, req: CmsRequest): Promise<Record<string, unknown>>
}
