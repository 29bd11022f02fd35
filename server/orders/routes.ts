import type { OrderKind, SuccessStatus } from '../contracts/kinds.ts'
import type { CmsRequest } from '../config/types.ts'
import { NotFound } from '../errors/not-found.ts'
import { ValidationError, type FieldError } from '../errors/validation-error.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import type { Cms } from '../local/cms.ts'
import type { TokenClaims } from '../auth/tokens.ts'
import { requireAdmin } from './admin-gate.ts'
import { cancellationService, type OrderStatus } from './cancellation.ts'
import { orderPolicy } from './policy.ts'
import {
  orderJson,
  orderTotal,
  orderTotalCents,
  toCents,
  type OrderItem,
} from './representation.ts'
import { paymentProblems, shopCurrency, verifySignature, webhookSecret } from './webhooks.ts'

/**
 * The orders API (`/api/v1`, DESIGN.md §6) over the orders collection. Lists and details are narrowed in the
 * query to the caller's own orders; cancel uses the ownership policy, admin routes the admin gate, and every
 * state change goes through the cancellation service (409 on a state problem, whoever asks).
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
/** One handler per orders kind, answering only the success statuses its kind declares (`contracts/kinds.ts`). */
export type OrderHandlers = {
  [K in OrderKind]: (cms: Cms, r: V1Request) => Promise<V1Reply<SuccessStatus<K>>>
}
export const PAGE_SIZE = 20

function caller(r: V1Request): NonNullable<CmsRequest['user']> {
  if (!r.req.user) throw new Unauthorized('A valid token is required.')
  return r.req.user
}

function slugs(cms: Cms) {
  const o = cms.config.ordersApi
  if (!o) throw new NotFound('The orders API is not configured.')
  return o
}

function orderId(r: V1Request): number {
  const id = Number(r.params.order)
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound('Order not found.')
  return id
}

function pageOf(r: V1Request): number {
  return r.query.page === undefined ? 1 : Number(r.query.page)
}

async function list(
  cms: Cms,
  r: V1Request,
  where?: Record<string, unknown>,
): Promise<V1Reply<200>> {
  const page = pageOf(r)
  const result = await cms.find({
    collection: slugs(cms).orders,
    where: where as never,
    sort: '-createdAt',
    limit: PAGE_SIZE,
    page,
    depth: 0,
  })
  return {
    status: 200,
    body: {
      data: result.docs.map((d) => orderJson(d as Record<string, unknown>)),
      meta: {
        current_page: page,
        per_page: PAGE_SIZE,
        total: result.totalDocs,
        last_page: Math.max(1, Math.ceil(result.totalDocs / PAGE_SIZE)),
      },
    },
  }
}

async function load(cms: Cms, id: number) {
  return (await cms.findByID({
    collection: slugs(cms).orders,
    id,
    depth: 0,
    disableErrors: true,
  })) as (Record<string, unknown> & { id: number; status: OrderStatus; user: unknown }) | null
}

/**
 * Prices are money: more than 0 and at most two decimals (422 naming each failing item), so the total, summed in
 * integer cents, is exact and never rounds a price away.
 */
function checkPrices(items: OrderItem[]): void {
  const errors: FieldError[] = []
  items.forEach((item, i) => {
    const cents = toCents(item.unit_price)
    if (cents === undefined || cents <= 0) {
      const message = 'A price must be more than 0 with at most two decimals.'
      errors.push({ path: `items.${i}.unit_price`, label: 'Unit Price', message })
    }
  })
  if (!errors.length && !Number.isSafeInteger(orderTotalCents(items))) {
    errors.push({ path: 'items', label: 'Items', message: 'The order total is too large.' })
  }
  if (errors.length) throw new ValidationError({ errors })
}

export const v1Kinds = {
  async v1ListOrders(cms, r) {
    // Narrowed in SQL through the owner relation: another member's orders are never read.
    return list(cms, r, { user: { equals: caller(r).id } })
  },
  async v1CreateOrder(cms, r) {
    const user = caller(r)
    const items = (r.body as { items: OrderItem[] }).items
    checkPrices(items)
    const doc = await cms.create({
      collection: slugs(cms).orders,
      data: { user: user.id, status: 'pending', items, total_amount: orderTotal(items) },
      depth: 0,
    })
    return { status: 201, body: { data: orderJson(doc as Record<string, unknown>) } }
  },
  async v1GetOrder(cms, r) {
    const user = caller(r)
    // The lookup runs within the caller's orders: someone else's order is as missing as a deleted one.
    const { docs } = await cms.find({
      collection: slugs(cms).orders,
      where: { and: [{ id: { equals: orderId(r) } }, { user: { equals: user.id } }] },
      limit: 1,
      depth: 0,
    })
    if (!docs[0]) throw new NotFound('Order not found.')
    return { status: 200, body: { data: orderJson(docs[0] as Record<string, unknown>) } }
  },
  async v1CancelOrder(cms, r) {
    const user = caller(r)
    const order = await load(cms, orderId(r))
    if (!order) throw new NotFound('Order not found.')
    if (!orderPolicy.cancel(user, order))
      throw new Forbidden('This order belongs to another member.')
    const done = await cancellationService.cancel(cms, slugs(cms).orders, order, r.req)
    return { status: 200, body: { data: orderJson(done) } }
  },
  async v1Logout(cms, r) {
    caller(r)
    const auth = r.req.auth as { claims: TokenClaims } | undefined
    if (auth) await cms.logout({ collection: auth.claims.collection, sid: auth.claims.sid })
    return { status: 204 }
  },
  async v1AdminListOrders(cms, r) {
    requireAdmin(caller(r))
    return list(cms, r)
  },
  async v1AdminShipOrder(cms, r) {
    requireAdmin(caller(r))
    const order = await load(cms, orderId(r))
    if (!order) throw new NotFound('Order not found.')
    const done = await cancellationService.ship(cms, slugs(cms).orders, order, r.req)
    return { status: 200, body: { data: orderJson(done) } }
  },
  async v1PaymentWebhook(cms, r) {
    const secret = webhookSecret()
    if (!secret)
      throw new NotFound('Payment webhooks are not configured (PAYMENTS_WEBHOOK_SECRET).')
    verifySignature(secret, r.headers.get('x-signature') ?? undefined, r.raw)
    const event = r.body as {
      id: string
      type: string
      data: { order: number; amount?: unknown; currency?: unknown }
    }
    const seen = await cms.db.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM cms_webhook_events WHERE event_id = ?',
      [event.id],
    )
    if (Number(seen[0].n) > 0) return { status: 200, body: { received: true, duplicate: true } }
    if (event.type !== 'payment.succeeded') {
      await cms.db.run('INSERT INTO cms_webhook_events (event_id, received_at) VALUES (?, ?)', [
        event.id,
        Date.now(),
      ])
      return { status: 200, body: { received: true } }
    }
    const order = await load(cms, event.data.order)
    if (!order) throw new NotFound('Order not found.')
    // The payment must cover this order exactly, in the shop's currency; otherwise the order stays unpaid and the
    // event is not claimed (nothing is written), so a replay is refused the same way.
    const total =
      typeof order.total_amount === 'number'
        ? Math.round(order.total_amount * 100)
        : orderTotalCents(order.items as OrderItem[])
    const problems = paymentProblems(event.data, total, shopCurrency())
    if (problems.length) throw new ValidationError({ errors: problems })
    try {
      await cms.db.transaction(async (tx) => {
        // The event id is claimed in the same transaction as the state change: a replay cannot pay twice.
        await tx.run('INSERT INTO cms_webhook_events (event_id, received_at) VALUES (?, ?)', [
          event.id,
          Date.now(),
        ])
        await cancellationService.markPaid(cms, slugs(cms).orders, order, {
          ...r.req,
          transaction: tx,
        })
      })
    } catch (error) {
      if (cms.db.dialect.uniqueViolation(error))
        return { status: 200, body: { received: true, duplicate: true } }
      throw error
    }
    return { status: 200, body: { received: true } }
  },
} satisfies OrderHandlers
