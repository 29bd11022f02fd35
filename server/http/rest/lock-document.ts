import { isRecord } from '../../utilities/is-record.ts'
import { lockTarget } from './lock-status.ts'
import type { RestHandlers } from './request.ts'

/** `POST <api>/<slug>/<id>/lock` (`{ takeOver? }`): takes or touches the caller's lock (Local lockDocument). */
export const lockDocument: RestHandlers['lockDocument'] = async (cms, r) => ({
  status: 200,
  body: await cms.lockDocument({
    ...lockTarget(r),
    takeOver: isRecord(r.body) && r.body.takeOver === true,
    req: r.req,
    overrideAccess: false,
  }),
})
