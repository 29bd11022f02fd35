import { caller, listReply, pageOf, type OrderHandlers } from './request.ts'
import { orderService } from '../../orders/service.ts'

export const v1ListOrders: OrderHandlers['v1ListOrders'] = async (cms, r) => {
  return listReply(await orderService.list(cms, pageOf(r), caller(r)))
}
