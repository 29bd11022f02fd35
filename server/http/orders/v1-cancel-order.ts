import { caller, one, orderId, type OrderHandlers } from './request.ts'
import { orderService } from '../../orders/service.ts'

export const v1CancelOrder: OrderHandlers['v1CancelOrder'] = async (cms, r) => {
  return one(200, await orderService.cancel(cms, caller(r), orderId(r), r.req))
}
