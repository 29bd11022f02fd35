import type { CmsRequest } from '../config/types.ts'
import { APIError } from '../errors/api-error.ts'
import type { Cms } from '../local/cms.ts'

/**
 * The processing side (seed: "the state check lives in the processing side"): the order says whether it can be
 * cancelled or shipped; a change of state is one conditional update, so a concurrent cancel and ship leave the
 * order in exactly one state and the loser gets a 409. Not a permission matter: callers check ownership or the
 * admin gate before, and a role never skips these checks.
 */
export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'cancelled'

export class OrderStateError extends APIError {
  constructor(message: string) {
    super(message, 409, { code: 'CONFLICT' })
    this.name = 'OrderStateError'
  }
}

export const orderModel = {
  isCancellable: (status: OrderStatus) => status === 'pending' || status === 'paid',
  isShippable: (status: OrderStatus) => status === 'pending' || status === 'paid',
}

async function transition(
  cms: Cms,
  collection: string,
  id: number,
  from: OrderStatus[],
  to: OrderStatus,
  req: CmsRequest,
  verb: string,
): Promise<Record<string, unknown>> {
  const extra = to === 'paid' ? { paidAt: new Date().toISOString() } : {}
  // The status condition sits in the update's own where: the row is locked while it is matched, so of two
  // concurrent transitions only one finds the order still in a state it may leave.
  const { docs } = await cms.update({
    collection,
    where: { and: [{ id: { equals: id } }, { status: { in: from } }] },
    data: { status: to, ...extra },
    depth: 0,
    req,
  })
  if (docs.length === 1) return docs[0]
  const now = await cms.findByID({ collection, id, depth: 0, disableErrors: true })
  throw new OrderStateError(
    `This order cannot be ${verb}: it is ${now ? String(now.status) : 'gone'}.`,
  )
}

export const cancellationService = {
  async cancel(
    cms: Cms,
    collection: string,
    order: { id: number; status: OrderStatus },
    req: CmsRequest,
  ) {
    if (!orderModel.isCancellable(order.status))
      throw new OrderStateError(`This order cannot be cancelled: it is ${order.status}.`)
    return transition(cms, collection, order.id, ['pending', 'paid'], 'cancelled', req, 'cancelled')
  },
  async ship(
    cms: Cms,
    collection: string,
    order: { id: number; status: OrderStatus },
    req: CmsRequest,
  ) {
    if (!orderModel.isShippable(order.status))
      throw new OrderStateError(`This order cannot be shipped: it is ${order.status}.`)
    return transition(cms, collection, order.id, ['pending', 'paid'], 'shipped', req, 'shipped')
  },
  async markPaid(
    cms: Cms,
    collection: string,
    order: { id: number; status: OrderStatus },
    req: CmsRequest,
  ) {
    if (order.status !== 'pending')
      throw new OrderStateError(`This order cannot be paid: it is ${order.status}.`)
    return transition(cms, collection, order.id, ['pending'], 'paid', req, 'paid')
  },
}
