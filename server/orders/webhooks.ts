import { createHmac, timingSafeEqual } from 'node:crypto'
import { BadRequest } from '../errors/bad-request.ts'

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

/** Throws 400 unless `header` is a fresh, valid signature of `raw`. */
export function verifySignature(secret: string, header: string | undefined, raw: Buffer, now = Date.now()): void {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.trim().split('=') as [string, string]))
  const t = Number(parts.t)
  if (!header || !Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) throw new BadRequest('Missing or malformed X-Signature header.')
  if (Math.abs(now / 1000 - t) > WEBHOOK_TOLERANCE_S) throw new BadRequest('The signature timestamp is outside the five-minute window.')
  const expected = Buffer.from(sign(secret, t, raw).split('v1=')[1], 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new BadRequest('The signature does not match the body.')
}
