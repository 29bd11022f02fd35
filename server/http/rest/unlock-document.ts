import { lockTarget } from './lock-status.ts'
import type { RestHandlers } from './request.ts'

/** `DELETE <api>/<slug>/<id>/lock`: releases the caller's lock (Local unlockDocument). */
export const unlockDocument: RestHandlers['unlockDocument'] = async (cms, r) => ({
  status: 200,
  body: await cms.unlockDocument({ ...lockTarget(r), req: r.req, overrideAccess: false }),
})
