import { createHmac, timingSafeEqual } from 'node:crypto'
import { BadRequest } from '../errors/bad-request.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import type { FieldError } from '../errors/validation-error.ts'
import { toCents } from './representation.ts'

/**
 * Payment webhooks: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the shared
 * secret (`PAYMENTS_WEBHOOK_SECRET`). A delivery older or newer than five minutes is refused (replay window);
 * inside the window, the event id makes processing idempotent (`cms_webhook_events`).
 */
export const WEBHOOK_TOLERANCE_S = 300

export function webhookSecret(): string | undefined {
  return process.env.PAYMENTS_WEBHOOK_SECRET || undefined
}

export function sign(secret: string, timestamp: number, raw: Buffer | string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')}`
}

/** The X-Signature header's form (the contract's pattern). */
export const SIGNATURE_PATTERN = '^t=[0-9]{1,15},v1=[0-9a-f]{64}$'

/**
 * Throws unless `header` is a fresh, valid signature of `raw`: 400 for a header that is missing or not of
 * the form, 401 for one that does not sign the body with the shared secret or is more than five minutes
 * away (the request is not the provider's).
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  raw: Buffer,
  now = Date.now(),
): void {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p): [string, string | undefined] => {
      const [key, value] = p.trim().split('=')
      return [key, value]
    }),
  )
  const t = Number(parts.t)
  const v1 = parts.v1 ?? ''
  if (!header || !Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1))
    throw new BadRequest('Missing or malformed X-Signature header.')
  if (Math.abs(now / 1000 - t) > WEBHOOK_TOLERANCE_S)
    throw new Unauthorized('The signature timestamp is outside the five-minute window.')
  const expected = Buffer.from(sign(secret, t, raw).split('v1=')[1], 'hex')
  const given = Buffer.from(v1, 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new Unauthorized('The signature does not match the body.')
}

/** The shop's currency (ISO 4217, `SHOP_CURRENCY`, default EUR): payments in any other are refused. */
export function shopCurrency(): string {
  return (process.env.SHOP_CURRENCY || 'EUR').toUpperCase()
}

/**
 * Why a `payment.succeeded` event cannot pay an order whose total is `totalCents`: `data.amount` must be that
 * total (a number with at most two decimals) and `data.currency` the shop's currency. Empty when it may.
 */
export function paymentProblems(
  data: { amount?: unknown; currency?: unknown },
  totalCents: number,
  currency: string,
): FieldError[] {
  const problems: FieldError[] = []
  const fmt = (cents: number) => `${(cents / 100).toFixed(2)} ${currency}`
  const cents = toCents(data.amount)
  if (cents === undefined) {
    const message = 'The payment amount must be a number with at most two decimals.'
    problems.push({ path: 'data.amount', label: 'Amount', message })
  } else if (cents !== totalCents) {
    const message = `The payment is ${fmt(cents)}; the order's total is ${fmt(totalCents)}.`
    problems.push({ path: 'data.amount', label: 'Amount', message })
  }
  if (typeof data.currency !== 'string' || data.currency.toUpperCase() !== currency) {
    problems.push({
      path: 'data.currency',
      label: 'Currency',
      message: `The payment must be in ${currency}.`,
    })
  }
  return problems
}
