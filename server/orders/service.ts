import type { CmsRequest } from '../config/types.ts'
import { eventSeen, recordEvent } from '../local/webhook-events.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { NotFound } from '../errors/not-found.ts'
import { ValidationError, type FieldError } from '../errors/validation-error.ts'
import type { Cms } from '../local/cms.ts'
import { cancellationService, type OrderStatus } from './cancellation.ts'
import { orderPolicy } from './policy.ts'
import {
  MAX_UNIT_PRICE,
  orderTotal,
  orderTotalCents,
  toCents,
  type OrderItem,
} from './representation.ts'
import { paymentProblems, shopCurrency } from './webhooks.ts'

/**
 * The orders use cases over the orders collection, whoever calls them (the `/api/v1` routes adapt HTTP to
 * these). Lists and details are narrowed in the query to the owner's orders; cancel asks the ownership policy;
 * every state change goes through the cancellation service (409 on a state problem, whoever asks).
 */
export type Caller = NonNullable<CmsRequest['user']>
export type Order = Record<string, unknown> & { id: number; status: OrderStatus; user: unknown }
export interface OrderPage {
  docs: Record<string, unknown>[]
  totalDocs: number
  page: number
  perPage: number
}
/** A payment provider's event, its signature already verified. */
export interface PaymentEvent {
  id: string
  type: string
  data: { order: number; amount?: unknown; currency?: unknown }
}

export const PAGE_SIZE = 20

function slugs(cms: Cms) {
  const o = cms.config.ordersApi
  if (!o) throw new NotFound('The orders API is not configured.')
  return o
}

async function load(cms: Cms, id: number): Promise<Order | null> {
  return (await cms.findByID({
    collection: slugs(cms).orders,
    id,
    depth: 0,
    disableErrors: true,
  })) as Order | null
}

async function loadOr404(cms: Cms, id: number): Promise<Order> {
  const order = await load(cms, id)
  if (!order) throw new NotFound('Order not found.')
  return order
}

/**
 * Prices are money: more than 0 and at most two decimals (422 naming each failing item), so the total, summed in
 * integer cents, is exact and never rounds a price away.
 */
function checkPrices(items: OrderItem[]): void {
  const errors: FieldError[] = []
  items.forEach((item, i) => {
    const cents = toCents(item.unit_price)
    if (cents === undefined || cents <= 0 || cents > MAX_UNIT_PRICE * 100) {
      const message = `A price must be more than 0 and at most ${MAX_UNIT_PRICE}, with at most two decimals.`
      errors.push({ path: `items.${i}.unit_price`, label: 'Unit Price', message })
    }
  })
  if (!errors.length && !Number.isSafeInteger(orderTotalCents(items))) {
    errors.push({ path: 'items', label: 'Items', message: 'The order total is too large.' })
  }
  if (errors.length) throw new ValidationError({ errors })
}

export const orderService = {
  /** A page of orders, newest first: `owner`'s only (narrowed in SQL: another member's are never read), or all. */
  async list(cms: Cms, page: number, owner?: Caller): Promise<OrderPage> {
    const result = await cms.find({
      collection: slugs(cms).orders,
      where: owner ? { user: { equals: owner.id } } : undefined,
      sort: '-createdAt',
      limit: PAGE_SIZE,
      page,
      depth: 0,
    })
    return { docs: result.docs, totalDocs: result.totalDocs, page, perPage: PAGE_SIZE }
  },

  /** A new pending order of `owner`; its total is the sum of the items, in integer cents. */
  async create(cms: Cms, owner: Caller, items: OrderItem[]): Promise<Record<string, unknown>> {
    checkPrices(items)
    return cms.create({
      collection: slugs(cms).orders,
      data: { user: owner.id, status: 'pending', items, total_amount: orderTotal(items) },
      depth: 0,
    })
  },

  /** One of `owner`'s orders: someone else's order is as missing as a deleted one (404). */
  async get(cms: Cms, owner: Caller, id: number): Promise<Record<string, unknown>> {
    const { docs } = await cms.find({
      collection: slugs(cms).orders,
      where: { and: [{ id: { equals: id } }, { user: { equals: owner.id } }] },
      limit: 1,
      depth: 0,
    })
    if (!docs[0]) throw new NotFound('Order not found.')
    return docs[0]
  },

  /** Cancels an order its owner may cancel (the policy: 403 otherwise), in a state that allows it (409). */
  async cancel(cms: Cms, caller: Caller, id: number, req: CmsRequest) {
    const order = await loadOr404(cms, id)
    if (!orderPolicy.cancel(caller, order))
      throw new Forbidden('This order belongs to another member.')
    return cancellationService.cancel(cms, slugs(cms).orders, order, req)
  },

  /** Ships an order (the caller has passed the admin gate), in a state that allows it (409). */
  async ship(cms: Cms, id: number, req: CmsRequest) {
    return cancellationService.ship(cms, slugs(cms).orders, await loadOr404(cms, id), req)
  },

  /**
   * Applies a payment event once: `duplicate` for an event already processed. A `payment.succeeded` marks its
   * order paid when the payment covers the order exactly, in the shop's currency (422 otherwise, and nothing is
   * written, so a replay is refused the same way); other event types are only recorded.
   */
  async receivePayment(
    cms: Cms,
    event: PaymentEvent,
    req: CmsRequest,
  ): Promise<{ duplicate: boolean }> {
    if (await eventSeen(cms, event.id)) return { duplicate: true }
    if (event.type !== 'payment.succeeded') {
      await recordEvent(cms, event.id)
      return { duplicate: false }
    }
    const order = await loadOr404(cms, event.data.order)
    const total =
      typeof order.total_amount === 'number'
        ? Math.round(order.total_amount * 100)
        : orderTotalCents(order.items as OrderItem[])
    const problems = paymentProblems(event.data, total, shopCurrency())
    if (problems.length) throw new ValidationError({ errors: problems })
    try {
      await cms.db.transaction(async (tx) => {
        // The event id is claimed in the same transaction as the state change: a replay cannot pay twice.
        await recordEvent(cms, event.id, tx)
        await cancellationService.markPaid(cms, slugs(cms).orders, order, {
          ...req,
          transaction: tx,
        })
      })
    } catch (error) {
      if (cms.db.dialect.uniqueViolation(error)) return { duplicate: true }
      throw error
    }
    return { duplicate: false }
  },
}
