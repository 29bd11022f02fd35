import { caller, listReply, pageOf, type OrderHandlers } from './request.ts'
import { requireAdmin } from '../../orders/admin-gate.ts'
import { orderService } from '../../orders/service.ts'

export const v1AdminListOrders: OrderHandlers['v1AdminListOrders'] = async (cms, r) => {
  requireAdmin(caller(r))
  return listReply(await orderService.list(cms, pageOf(r)))
}
