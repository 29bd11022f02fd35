import type { OrderKind, SuccessStatus } from '../../config/kinds.ts'
import type { CmsRequest } from '../../config/types.ts'
import { NotFound } from '../../errors/not-found.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import type { Cms } from '../../local/cms.ts'
import { orderJson } from '../../orders/representation.ts'
import { type Caller, type OrderPage } from '../../orders/service.ts'

/**
 * What an orders handler reads and answers, and the readers the handlers share: the caller, the order id of the
 * path, the page, and the shapes of a list and of one order.
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

export function caller(r: V1Request): Caller {
  if (!r.req.user) throw new Unauthorized('A valid token is required.')
  return r.req.user
}

export function orderId(r: V1Request): number {
  const id = Number(r.params.order)
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound('Order not found.')
  return id
}

export function pageOf(r: V1Request): number {
  return r.query.page === undefined ? 1 : Number(r.query.page)
}

export function listReply(result: OrderPage): V1Reply<200> {
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

export const one = <S extends 200 | 201>(status: S, doc: Record<string, unknown>): V1Reply<S> => ({
  status,
  body: { data: orderJson(doc) },
})
