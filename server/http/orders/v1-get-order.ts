import { caller, one, orderId, type OrderHandlers } from './request.ts'
import { orderService } from '../../orders/service.ts'

export const v1GetOrder: OrderHandlers['v1GetOrder'] = async (cms, r) => {
  return one(200, await orderService.get(cms, caller(r), orderId(r)))
}
