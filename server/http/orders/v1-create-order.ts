import { caller, one, type OrderHandlers } from './request.ts'
import { type OrderItem } from '../../orders/representation.ts'
import { orderService } from '../../orders/service.ts'

export const v1CreateOrder: OrderHandlers['v1CreateOrder'] = async (cms, r) => {
  const items = (r.body as { items: OrderItem[] }).items
  return one(201, await orderService.create(cms, caller(r), items))
}
