import { caller, one, orderId, type OrderHandlers } from './request.ts'
import { requireAdmin } from '../../orders/admin-gate.ts'
import { orderService } from '../../orders/service.ts'

export const v1AdminShipOrder: OrderHandlers['v1AdminShipOrder'] = async (cms, r) => {
  requireAdmin(caller(r))
  return one(200, await orderService.ship(cms, orderId(r), r.req))
}
