/**
 * `cms.jobs.queue`: stores a job of a task or a workflow, its input checked against the `inputSchema` (a 400
 * naming the field otherwise). With the caller's `req` it joins the caller's transaction, so a job queued by a
 * write that rolls back is never stored, and never runs.
 */
import { JOBS } from './slug.ts'
import type { Job, QueueJobArgs } from '../../config/jobs.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { ValidationError, type FieldError } from '../../errors/validation-error.ts'
import type { Cms } from '../cms.ts'
import { validateFields } from '../fields/validate.ts'
import { createLocalReq } from '../request.ts'
import { isRecord } from '../../utilities/is-record.ts'
import type { CmsRequest, ID } from '../../config/types.ts'

/** A date of `waitUntil` as an ISO string, or a 400. */
function instant(value: Date | string | undefined): string | undefined {
  if (value === undefined) return undefined
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) throw new BadRequest('waitUntil must be a date.')
  return date.toISOString()
}

export async function queueJob(cms: Cms, args: QueueJobArgs): Promise<Job> {
  const jobs = cms.config.jobsQueue
  if (!jobs) throw new BadRequest('There is no jobs queue: configure jobs.tasks or jobs.workflows.')
  if (Boolean(args.task) === Boolean(args.workflow))
    throw new BadRequest(
      'Queue either a task or a workflow: give exactly one of task and workflow.',
    )
  const runnable = args.task ? jobs.tasks.get(args.task) : jobs.workflows.get(args.workflow ?? '')
  if (!runnable)
    throw new BadRequest(
      args.task
        ? `No task "${args.task}" is configured.`
        : `No workflow "${args.workflow}" is configured.`,
    )
  const req = createLocalReq(cms, args)
  if (args.overrideAccess === false && !(await jobs.access.queue({ req })))
    throw new Forbidden('You are not allowed to queue jobs.')
  const given = args.input ?? {}
  if (!isRecord(given)) throw new BadRequest('input must be an object.')
  const queue =
    args.queue ?? ('queue' in runnable.config ? runnable.config.queue : undefined) ?? 'default'
  if (typeof queue !== 'string' || !queue) throw new BadRequest('queue must be a non-empty string.')
  const doc = await cms.create({
    collection: JOBS,
    data: {
      // Checked against the inputSchema by the collection's beforeChange hook (checkJobDocument).
      input: given,
      taskSlug: args.task ?? null,
      workflowSlug: args.workflow ?? null,
      queue,
      waitUntil: instant(args.waitUntil) ?? null,
    },
    req: args.req,
    overrideAccess: true,
    depth: 0,
  })
  return doc as unknown as Job
}

/** Who queued a job (`queuedBy`): the caller's user, `anonymous` through an API without one, null from server code. */
export type QueuedBy = { relationTo: string; value: ID } | 'anonymous' | null

/**
 * The document a create of `payload-jobs` stores, through every API (its beforeChange hook): exactly one of
 * `taskSlug` and `workflowSlug`, naming a configured one; `input` an object checked against the task's or
 * workflow's `inputSchema` (a 400 naming the field otherwise; keys the schema does not name are kept, as Payload
 * stores the input as JSON); `queuedBy` the caller, whatever the data says (a scheduled publish runs as it).
 */
export async function checkJobDocument(
  cms: Cms,
  data: Record<string, unknown>,
  req: CmsRequest,
): Promise<Record<string, unknown>> {
  const jobs = cms.config.jobsQueue
  if (!jobs) throw new BadRequest('There is no jobs queue: configure jobs.tasks or jobs.workflows.')
  const task = typeof data.taskSlug === 'string' && data.taskSlug ? data.taskSlug : undefined
  const workflow =
    typeof data.workflowSlug === 'string' && data.workflowSlug ? data.workflowSlug : undefined
  if (Boolean(task) === Boolean(workflow))
    throw new BadRequest('A job names exactly one of taskSlug and workflowSlug.', [
      { path: task ? 'workflowSlug' : 'taskSlug' },
    ])
  const runnable = task ? jobs.tasks.get(task) : jobs.workflows.get(workflow ?? '')
  if (!runnable)
    throw new BadRequest(
      task ? `No task "${task}" is configured.` : `No workflow "${workflow}" is configured.`,
      [{ path: task ? 'taskSlug' : 'workflowSlug' }],
    )
  const given = data.input ?? {}
  if (!isRecord(given)) throw new BadRequest('input must be an object.', [{ path: 'input' }])
  const errors: FieldError[] = []
  const checked = await validateFields(
    runnable.inputFields,
    given,
    // The queue's access was checked before the hook: the input's own fields carry none.
    { req, overrideAccess: true, operation: 'create', data: given, errors, references: new Map() },
    'input.',
    new Set(Object.keys(given)),
  )
  if (errors.length) throw new ValidationError({ collection: JOBS, errors })
  const queuedBy: QueuedBy = req.user
    ? { relationTo: req.user.collection, value: req.user.id }
    : req.payloadAPI === 'REST' || req.payloadAPI === 'GraphQL'
      ? 'anonymous'
      : null
  return { ...data, input: { ...given, ...checked }, queuedBy }
}
