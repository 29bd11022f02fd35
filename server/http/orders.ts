/**
 * The orders API (`/api/v1`, DESIGN.md §6) as HTTP: each kind's handler (a file of its own name under
 * `./orders/`) reads the caller, path, query and body, asks the admin gate where the route is an admin's, calls
 * the orders service and shapes its answer.
 */
import { v1ListOrders } from './orders/v1-list-orders.ts'
import { v1CreateOrder } from './orders/v1-create-order.ts'
import { v1GetOrder } from './orders/v1-get-order.ts'
import { v1CancelOrder } from './orders/v1-cancel-order.ts'
import { v1Logout } from './orders/v1-logout.ts'
import { v1AdminListOrders } from './orders/v1-admin-list-orders.ts'
import { v1AdminShipOrder } from './orders/v1-admin-ship-order.ts'
import { v1PaymentWebhook } from './orders/v1-payment-webhook.ts'
import type { OrderHandlers } from './orders/request.ts'

export type { OrderHandlers, V1Reply, V1Request } from './orders/request.ts'

/** Every orders kind's handler (typed exhaustive: a kind without one fails typecheck). */
export const v1Kinds = {
  v1ListOrders,
  v1CreateOrder,
  v1GetOrder,
  v1CancelOrder,
  v1Logout,
  v1AdminListOrders,
  v1AdminShipOrder,
  v1PaymentWebhook,
} satisfies OrderHandlers
