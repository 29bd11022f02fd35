/**
 * The `payload-jobs` collection: Payload's fields of a job (input, status, log, task or workflow, queue, waitUntil,
 * processing) and a hidden lease (`processingUntil`) that lets a job claimed by a server that died be claimed
 * again. Closed by default (docs/jobs.md, "Access"): read after `jobs.access.read`, created after `jobs.access.queue`
 * (a create is a queued job: its task and input checked, `queuedBy` the caller), updated and deleted by the trusted
 * callers only (server/config/trusted.ts); the runner's own writes override access. With scheduled publishing a
 * user also queues, reads and deletes its own `schedulePublish` jobs (schedule-access.ts).
 */
import { SYSTEM_COLLECTIONS } from '../events.ts'
import type { JobsAccess, SanitizedJobs } from '../jobs.ts'
import type { Access, CollectionConfig, Endpoint, Field } from '../types.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { scheduleCreate, scheduleDelete, scheduleRead } from './schedule-access.ts'

const logFields: Field[] = [
  { name: 'executedAt', type: 'date', required: true },
  { name: 'completedAt', type: 'date', required: true },
  { name: 'taskSlug', type: 'text', required: true },
  { name: 'taskID', type: 'text', required: true },
  { name: 'input', type: 'json' },
  { name: 'output', type: 'json' },
  { name: 'state', type: 'radio', options: ['failed', 'succeeded'], required: true },
  { name: 'error', type: 'json' },
]

const runResult = {
  type: 'object',
  required: ['message', 'noJobsRemaining', 'remainingJobsFromQueried'],
  properties: {
    message: { type: 'string' },
    noJobsRemaining: { type: 'boolean' },
    remainingJobsFromQueried: { type: 'integer', minimum: 0 },
  },
}

/** Payload's `GET /api/payload-jobs/run?limit=&queue=&allQueues=`: runs jobs now, after `jobs.access.run`. */
const runEndpoint: Endpoint = {
  path: '/run',
  method: 'get',
  handler: async (req) => {
    const access = req.cms.config.jobsQueue?.access.run
    if (!access || !(await access({ req })))
      throw new Unauthorized('You are not allowed to run jobs.')
    const q = req.searchParams ?? new URLSearchParams()
    const limit = q.get('limit')
    // The parameters as the contract declares them (a custom endpoint's query is not validated for it).
    if (q.get('queue') === '') throw new BadRequest('queue must not be empty.', [{ path: 'queue' }])
    if (limit !== null && !/^[1-9]\d{0,2}$|^1000$/.test(limit))
      throw new BadRequest('limit must be an integer from 1 to 1000.', [{ path: 'limit' }])
    const result = await req.cms.jobs.run({
      queue: q.get('queue') ?? undefined,
      allQueues: q.get('allQueues') === 'true',
      limit: limit === null ? undefined : Number(limit),
      req,
      overrideAccess: true,
    })
    return Response.json({
      message: 'Success',
      noJobsRemaining: result.noJobsRemaining,
      remainingJobsFromQueried: result.remainingJobsFromQueried,
    })
  },
  openapi: {
    operationId: 'runJobs',
    summary:
      'Run queued jobs now (jobs.access.run; default: the trusted callers, users who may update every account)',
    parameters: [
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      { name: 'queue', in: 'query', schema: { type: 'string', minLength: 1 } },
      { name: 'allQueues', in: 'query', schema: { type: 'string', enum: ['true', 'false'] } },
    ],
    responses: {
      200: {
        description: 'The jobs claimed ran',
        content: { 'application/json': { schema: runResult } },
      },
    },
  },
}

export function jobsCollection(jobs: SanitizedJobs, trusted: JobsAccess): CollectionConfig {
  const asAccess =
    (fn: JobsAccess): Access =>
    async ({ req }) =>
      (await fn({ req })) === true
  return {
    slug: SYSTEM_COLLECTIONS.jobs,
    labels: { singular: 'Payload Job', plural: 'Payload Jobs' },
    admin: { hidden: true, group: 'System' },
    endpoints: [runEndpoint],
    custom: { taskSlugs: [...jobs.tasks.keys()], workflowSlugs: [...jobs.workflows.keys()] },
    // With scheduled publishing, a user also schedules the documents it may update (schedule-access.ts).
    access: jobs.tasks.has('schedulePublish')
      ? {
          read: scheduleRead(jobs.access.read),
          create: scheduleCreate(jobs.access.queue),
          update: asAccess(trusted),
          delete: scheduleDelete(trusted),
        }
      : {
          read: asAccess(jobs.access.read),
          create: asAccess(jobs.access.queue),
          update: asAccess(trusted),
          delete: asAccess(trusted),
        },
    hooks: {
      beforeChange: [
        ({ req, operation, data }) =>
          operation === 'create' && data && typeof data === 'object'
            ? req.cms.jobs.checkJob(data as Record<string, unknown>, req)
            : data,
      ],
    },
    fields: [
      { name: 'input', type: 'json' },
      { name: 'completedAt', type: 'date', index: true },
      { name: 'totalTried', type: 'number', defaultValue: 0, index: true },
      { name: 'hasError', type: 'checkbox', defaultValue: false, index: true },
      { name: 'error', type: 'json' },
      { name: 'log', type: 'array', fields: logFields },
      { name: 'taskSlug', type: 'text', index: true },
      { name: 'workflowSlug', type: 'text', index: true },
      { name: 'queue', type: 'text', defaultValue: 'default', index: true },
      { name: 'waitUntil', type: 'date', index: true },
      { name: 'processing', type: 'checkbox', defaultValue: false, index: true },
      // Who queued the job (set by checkJob, never by the caller's data): a scheduled publish runs as this user.
      {
        name: 'queuedBy',
        type: 'json',
        access: { create: () => false, update: () => false, read: ({ req }) => trusted({ req }) },
      },
      // The lease of a claim: a job still processing after it is taken to belong to a server that died.
      { name: 'processingUntil', type: 'date', hidden: true, index: true },
    ],
  }
}
