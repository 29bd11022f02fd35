/**
 * What each kind of contract operation does: the HTTP shape of one Local call. Access control always applies
 * (`overrideAccess: false`), with `req.user` the authenticated caller or null. Bodies as DESIGN.md §5.
 * The handlers are grouped by kind family under `./rest/`.
 */
import { hit } from '../auth/rate-limit.ts'
import type { OrderKind } from '../config/kinds.ts'
import { v1Kinds, type V1Request } from './orders.ts'
import { accessKinds } from './rest/access.ts'
import { authKinds } from './rest/auth.ts'
import { documentKinds } from './rest/documents.ts'
import { globalKinds } from './rest/globals.ts'
import type { RestHandlers, RestRequest } from './rest/request.ts'

export type { RestHandlers, RestReply, RestRequest } from './rest/request.ts'

const HEALTH_TIMEOUT_MS = 2000

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** The orders API's handlers, given the request parts they use. */
const toV1 = (r: RestRequest): V1Request => ({
  req: r.req,
  params: r.params,
  query: r.query,
  body: r.body,
  raw: r.raw,
  headers: r.req.headers ?? new Headers(),
})
const v1 = {
  v1ListOrders: (cms, r) => v1Kinds.v1ListOrders(cms, toV1(r)),
  v1CreateOrder: (cms, r) => v1Kinds.v1CreateOrder(cms, toV1(r)),
  v1GetOrder: (cms, r) => v1Kinds.v1GetOrder(cms, toV1(r)),
  v1CancelOrder: (cms, r) => v1Kinds.v1CancelOrder(cms, toV1(r)),
  v1Logout: (cms, r) => v1Kinds.v1Logout(cms, toV1(r)),
  v1AdminListOrders: (cms, r) => v1Kinds.v1AdminListOrders(cms, toV1(r)),
  v1AdminShipOrder: (cms, r) => v1Kinds.v1AdminShipOrder(cms, toV1(r)),
  v1PaymentWebhook: (cms, r) => v1Kinds.v1PaymentWebhook(cms, toV1(r)),
} satisfies Pick<RestHandlers, OrderKind>

/** Every kind's handler, the families under `./rest/` (typed exhaustive: a kind without one fails typecheck). */
export const kinds = {
  ...v1,
  ...documentKinds,
  ...accessKinds,
  ...globalKinds,
  ...authKinds,
  async health(cms) {
    // A real committed write, not only a read: a database that cannot write (disk full, read-only, locked) is
    // unhealthy. Bounded, so a hung database answers 503 within HEALTH_TIMEOUT_MS instead of hanging the probe.
    try {
      await withTimeout(hit(cms.db, 'cms:health-probe', { max: 1, windowMs: 0 }), HEALTH_TIMEOUT_MS)
      return { status: 200, body: { status: 'ok' } }
    } catch {
      return { status: 503, body: { status: 'database cannot write' } }
    }
  },
} satisfies RestHandlers
