import type { OrderKind, SuccessStatus } from '../config/kinds.ts'
import type { CmsRequest } from '../config/types.ts'
import { authOf } from '../auth/session.ts'
import { NotFound } from '../errors/not-found.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import type { Cms } from '../local/cms.ts'
import { requireAdmin } from '../orders/admin-gate.ts'
import { orderJson, type OrderItem } from '../orders/representation.ts'
import { orderService, type Caller, type OrderPage, type PaymentEvent } from '../orders/service.ts'
import { verifySignature, webhookSecret } from '../orders/webhooks.ts'

/**
 * The orders API (`/api/v1`, DESIGN.md §6) as HTTP: each handler reads the caller, path, query and body, asks
 * the admin gate where the route is an admin's, calls the orders service (service.ts) and shapes its answer.
 * Signature checks of payment webhooks live here too: they are about the raw bytes of the request.
 */
export interface V1Request {
  req: CmsRequest
  params: Record<string, string>
  query: Record<string, unknown>
  body: unknown
  raw: Buffer
  headers: Headers
}
export interface V1Reply<S extends number = number> {
  status: S
  body?: unknown
}
/** One handler per orders kind, answering only the success statuses its kind declares (`config/kinds.ts`). */
export type OrderHandlers = {
  [K in OrderKind]: (cms: Cms, r: V1Request) => Promise<V1Reply<SuccessStatus<K>>>
}

function caller(r: V1Request): Caller {
  if (!r.req.user) throw new Unauthorized('A valid token is required.')
  return r.req.user
}

function orderId(r: V1Request): number {
  const id = Number(r.params.order)
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound('Order not found.')
  return id
}

function pageOf(r: V1Request): number {
  return r.query.page === undefined ? 1 : Number(r.query.page)
}

function listReply(result: OrderPage): V1Reply<200> {
  return {
    status: 200,
    body: {
      data: result.docs.map(orderJson),
      meta: {
        current_page: result.page,
        per_page: result.perPage,
        total: result.totalDocs,
        last_page: Math.max(1, Math.ceil(result.totalDocs / result.perPage)),
      },
    },
  }
}

const one = <S extends 200 | 201>(status: S, doc: Record<string, unknown>): V1Reply<S> => ({
  status,
  body: { data: orderJson(doc) },
})

export const v1Kinds = {
  async v1ListOrders(cms, r) {
    return listReply(await orderService.list(cms, pageOf(r), caller(r)))
  },
  async v1CreateOrder(cms, r) {
    const items = (r.body as { items: OrderItem[] }).items
    return one(201, await orderService.create(cms, caller(r), items))
  },
  async v1GetOrder(cms, r) {
    return one(200, await orderService.get(cms, caller(r), orderId(r)))
  },
  async v1CancelOrder(cms, r) {
    return one(200, await orderService.cancel(cms, caller(r), orderId(r), r.req))
  },
  async v1Logout(cms, r) {
    caller(r)
    const auth = authOf(r.req)
    // A request authenticated by an API key has no session to end.
    if (auth?.claims) await cms.logout({ collection: auth.claims.collection, sid: auth.claims.sid })
    return { status: 204 }
  },
  async v1AdminListOrders(cms, r) {
    requireAdmin(caller(r))
    return listReply(await orderService.list(cms, pageOf(r)))
  },
  async v1AdminShipOrder(cms, r) {
    requireAdmin(caller(r))
    return one(200, await orderService.ship(cms, orderId(r), r.req))
  },
  async v1PaymentWebhook(cms, r) {
    const secret = webhookSecret()
    if (!secret)
      throw new NotFound('Payment webhooks are not configured (PAYMENTS_WEBHOOK_SECRET).')
    verifySignature(secret, r.headers.get('x-signature') ?? undefined, r.raw)
    const { duplicate } = await orderService.receivePayment(cms, r.body as PaymentEvent, r.req)
    return { status: 200, body: duplicate ? { received: true, duplicate } : { received: true } }
  },
} satisfies OrderHandlers
