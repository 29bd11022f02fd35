/**
 * One claimed job, run to its end (docs/jobs.md): a task job is a workflow of one step. Each step's success is
 * written to the job's `log` at once, so a retried workflow returns the memoised output of the steps that already
 * succeeded instead of running them again. A failure retries the job (after its backoff) while attempts are left,
 * then marks it `hasError` with the error.
 */
import { JOBS } from './slug.ts'
import type {
  Job,
  JobLogEntry,
  RunInlineTask,
  RunTasks,
  SanitizedRunnable,
  TaskConfig,
  TaskHandlerArgs,
  TaskHandlerResult,
  WorkflowConfig,
} from '../../config/jobs.ts'
import type { CmsRequest, ID } from '../../config/types.ts'
import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'

export type JobOutcome = 'success' | 'error' | 'error-reached-max-retries'

/** A step that failed: its message, and the retries of its task when the task sets its own. */
class StepFailed extends Error {
  readonly task: SanitizedRunnable<TaskConfig> | undefined
  constructor(message: string, task: SanitizedRunnable<TaskConfig> | undefined) {
    super(message)
    this.name = 'TaskError'
    this.task = task
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The steps a job runs with, each logged and memoised on the job `job`. */
function stepRunners(cms: Cms, job: Job, req: CmsRequest, log: JobLogEntry[]) {
  const jobs = cms.config.jobsQueue
  const save = () =>
    cms.update({
      collection: JOBS,
      id: job.id,
      data: { log },
      overrideAccess: true,
      depth: 0,
    })
  const step = async (
    taskSlug: string,
    taskID: string,
    input: Record<string, unknown>,
    handler: (args: TaskHandlerArgs) => TaskHandlerResult | Promise<TaskHandlerResult>,
    task: SanitizedRunnable<TaskConfig> | undefined,
  ): Promise<Record<string, unknown>> => {
    const done = log.find(
      (e) => e.taskSlug === taskSlug && e.taskID === taskID && e.state === 'succeeded',
    )
    if (done) return (done.output ?? {}) as Record<string, unknown>
    const executedAt = new Date().toISOString()
    const entry = { executedAt, taskSlug, taskID, input }
    let result: TaskHandlerResult
    try {
      result = await handler({ input, job, req, inlineTask, tasks })
    } catch (e) {
      result = { state: 'failed', errorMessage: message(e) }
    }
    if (result && result.state === 'failed') {
      const error = { message: result.errorMessage ?? `Task "${taskSlug}" failed.` }
      log.push({ ...entry, completedAt: new Date().toISOString(), state: 'failed', error })
      await save()
      throw new StepFailed(error.message, task)
    }
    const output = (result && 'output' in result && result.output) || {}
    log.push({ ...entry, completedAt: new Date().toISOString(), state: 'succeeded', output })
    await save()
    return output
  }
  const tasks: RunTasks = Object.fromEntries(
    [...(jobs?.tasks ?? [])].map(([slug, task]) => [
      slug,
      (taskID: string, args?: { input?: Record<string, unknown> }) =>
        step(slug, taskID, args?.input ?? {}, task.config.handler, task),
    ]),
  )
  const inlineTask: RunInlineTask = (taskID, args) =>
    step('inline', taskID, args.input ?? {}, args.task, undefined)
  return { tasks, inlineTask }
}

/** When a failed job runs again: now, or after its backoff (doubled per try when exponential). */
function retryAt(r: Pick<SanitizedRunnable<unknown>, 'backoff'>, tried: number): string | null {
  if (!r.backoff || !r.backoff.delay) return null
  const factor = r.backoff.type === 'exponential' ? 2 ** (tried - 1) : 1
  return new Date(Date.now() + r.backoff.delay * factor).toISOString()
}

/** Runs the claimed job `id`; answers how it ended. */
export async function runJob(cms: Cms, id: ID): Promise<JobOutcome> {
  const jobs = cms.config.jobsQueue
  const found = await cms.findByID({
    collection: JOBS,
    id,
    depth: 0,
    overrideAccess: true,
  })
  const job = found as unknown as Job
  const req = createLocalReq(cms, {})
  const log: JobLogEntry[] = [...(job.log ?? [])]
  const workflow = job.workflowSlug ? jobs?.workflows.get(job.workflowSlug) : undefined
  const task = job.taskSlug ? jobs?.tasks.get(job.taskSlug) : undefined
  const runnable: SanitizedRunnable<TaskConfig | WorkflowConfig> | undefined = workflow ?? task
  const tried = (job.totalTried ?? 0) + 1
  const update = (data: Record<string, unknown>) =>
    cms.update({ collection: JOBS, id, data, overrideAccess: true, depth: 0 })
  try {
    if (!runnable)
      throw new StepFailed(
        `No task or workflow "${job.workflowSlug ?? job.taskSlug}" is configured.`,
        undefined,
      )
    const { tasks, inlineTask } = stepRunners(cms, job, req, log)
    if (workflow) await workflow.config.handler({ job, tasks, inlineTask, req })
    else if (task && job.taskSlug) await tasks[job.taskSlug]('1', { input: job.input ?? {} })
  } catch (e) {
    const failedTask = e instanceof StepFailed ? e.task : undefined
    const retries = failedTask && failedTask.config.retries !== undefined ? failedTask : runnable
    const attempts = retries?.attempts ?? 1
    const last = tried >= attempts
    const error = { name: e instanceof Error ? e.name : 'Error', message: message(e) }
    const failed = await update({
      processing: false,
      totalTried: tried,
      log,
      ...(last
        ? { hasError: true, error }
        : { error, waitUntil: retries ? retryAt(retries, tried) : null }),
    })
    if (last && task && !workflow)
      await task.config.onFail?.({ job: failed as unknown as Job, req })
    if (!last)
      cms.logger.debug({ job: id, tried, error: error.message }, 'job failed; it will be retried')
    return last ? 'error-reached-max-retries' : 'error'
  }
  const done = await update({
    processing: false,
    totalTried: tried,
    completedAt: new Date().toISOString(),
    log,
  })
  if (task && !workflow) await task.config.onSuccess?.({ job: done as unknown as Job, req })
  if (jobs?.deleteJobOnComplete !== false)
    await cms.delete({ collection: JOBS, id, overrideAccess: true })
  return 'success'
}
