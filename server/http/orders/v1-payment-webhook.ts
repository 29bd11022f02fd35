import { type OrderHandlers } from './request.ts'
import { NotFound } from '../../errors/not-found.ts'
import { orderService, type PaymentEvent } from '../../orders/service.ts'
import { verifySignature, webhookSecret } from '../../orders/webhooks.ts'

export const v1PaymentWebhook: OrderHandlers['v1PaymentWebhook'] = async (cms, r) => {
  const secret = webhookSecret()
  if (!secret) throw new NotFound('Payment webhooks are not configured (PAYMENTS_WEBHOOK_SECRET).')
  verifySignature(secret, r.headers.get('x-signature') ?? undefined, r.raw)
  const { duplicate } = await orderService.receivePayment(cms, r.body as PaymentEvent, r.req)
  return { status: 200, body: duplicate ? { received: true, duplicate } : { received: true } }
}
