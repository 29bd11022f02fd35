/**
 * `cms.jobs.cancel` and `cancelByID`: jobs not yet completed stop being runnable; each keeps its document, marked
 * `hasError` with `error.cancelled` (as Payload).
 */
import { JOBS } from './slug.ts'
import type { CmsRequest, ID, Where } from '../../config/types.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'

export async function cancelJobs(
  cms: Cms,
  args: {
    where?: Where
    id?: ID
    queue?: string
    req?: Partial<CmsRequest>
    overrideAccess?: boolean
  },
): Promise<void> {
  const jobs = cms.config.jobsQueue
  if (!jobs) return
  if (args.overrideAccess === false) {
    const req = createLocalReq(cms, args)
    if (!(await jobs.access.cancel({ req })))
      throw new Forbidden('You are not allowed to cancel jobs.')
  }
  const where: Where = {
    and: [
      { completedAt: { exists: false } },
      ...(args.id !== undefined ? [{ id: { equals: args.id } }] : []),
      ...(args.where ? [args.where] : []),
      ...(args.queue !== undefined ? [{ queue: { equals: args.queue } }] : []),
    ],
  }
  await cms.update({
    collection: JOBS,
    where,
    data: {
      processing: false,
      hasError: true,
      error: { cancelled: true, message: 'Job cancelled' },
      waitUntil: null,
    },
    req: args.req,
    overrideAccess: true,
    depth: 0,
  })
}
