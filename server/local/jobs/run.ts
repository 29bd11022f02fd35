/**
 * `cms.jobs.run` and `runByID`: claims runnable jobs (`db/stores/jobs.ts`: oldest first, with a lease, never the
 * same job on two servers) and runs each to its end, one after the other.
 */
import { JOBS } from './slug.ts'
import { SYSTEM_COLLECTIONS } from '../../config/events.ts'
import type { RunJobsArgs, RunJobsResult } from '../../config/jobs.ts'
import type { ID } from '../../config/types.ts'
import { claimJobs, countRunnable } from '../../db/stores/jobs.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'
import { runJob } from './run-job.ts'

/** How long a claim holds: a job still processing after it belongs to a server that died, and runs again. */
export const LEASE_MS = 5 * 60_000
const EMPTY: RunJobsResult = { jobStatus: {}, remainingJobsFromQueried: 0, noJobsRemaining: true }

export async function runJobs(
  cms: Cms,
  args: RunJobsArgs & { id?: ID } = {},
): Promise<RunJobsResult> {
  const jobs = cms.config.jobsQueue
  if (!jobs) return EMPTY
  if (args.overrideAccess === false) {
    const req = createLocalReq(cms, args)
    if (!(await jobs.access.run({ req }))) throw new Forbidden('You are not allowed to run jobs.')
  }
  const limit = args.id === undefined ? (args.limit ?? 10) : 1
  if (!Number.isInteger(limit) || limit < 1 || limit > cms.config.maxLimit)
    throw new BadRequest(`limit must be a whole number from 1 to ${cms.config.maxLimit}.`)
  const queue =
    args.allQueues || args.id !== undefined || args.where ? args.queue : (args.queue ?? 'default')
  let ids: ID[] | undefined = args.id === undefined ? undefined : [args.id]
  if (args.where) {
    const found = await cms.find({
      collection: JOBS,
      where: args.where,
      limit,
      sort: 'createdAt',
      depth: 0,
      overrideAccess: true,
    })
    ids = found.docs.map((d) => d.id)
  }
  const schema = cms.schema(SYSTEM_COLLECTIONS.jobs)
  const now = Date.now()
  const claimed = await claimJobs(cms.db, schema, {
    queue,
    ids,
    limit,
    now: new Date(now).toISOString(),
    leaseUntil: new Date(now + LEASE_MS).toISOString(),
  })
  const jobStatus: RunJobsResult['jobStatus'] = {}
  for (const id of claimed) jobStatus[String(id)] = { status: await runClaimed(cms, id) }
  const remaining = await countRunnable(cms.db, schema, new Date().toISOString(), queue)
  return { jobStatus, remainingJobsFromQueried: remaining, noJobsRemaining: remaining === 0 }
}

/**
 * One claimed job, whose own failures `runJob` records. What it cannot record (the job deleted while it ran, the
 * database refusing the write) is logged and answered `error`, and the jobs claimed with it still run: otherwise
 * they would wait out the lease. A job whose end was not recorded stays claimed and runs again after its lease.
 */
async function runClaimed(cms: Cms, id: ID): Promise<RunJobsResult['jobStatus'][string]['status']> {
  try {
    return await runJob(cms, id)
  } catch (error) {
    cms.logger.error(
      { job: id, error: error instanceof Error ? error.message : String(error) },
      'a job could not be run or its end recorded',
    )
    return 'error'
  }
}
