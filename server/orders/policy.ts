import type { CmsRequest } from '../config/types.ts'
import { isNonNullObject } from '../utilities/guards.ts'

/**
 * The ownership policy of the orders API (seed rules 1–2): may this user view or cancel this order? It
 * answers from the order's owner alone; a role never passes it, and it knows nothing about order states.
 */
export interface OwnedOrder {
  user: unknown
}

const ownerId = (order: OwnedOrder): number | undefined => {
  const u = order.user
  if (typeof u === 'number') return u
  if (isNonNullObject(u) && typeof u.id === 'number') return u.id
  return undefined
}

export const orderPolicy = {
  view(user: CmsRequest['user'], order: OwnedOrder): boolean {
    return user ? ownerId(order) === user.id : false
  },
  cancel(user: CmsRequest['user'], order: OwnedOrder): boolean {
    return user ? ownerId(order) === user.id : false
  },
}
