/**
 * The one JSON shape of an order (seed rules 5–6: representation is not authorization). `total_amount` is
 * the sum of quantity × unit_price, computed in integer cents; it is omitted for a cancelled order, because it
 * is no longer owed. Who may see an order is decided before this function runs, never by hiding fields.
 */
import { isNonNullObject } from '../utilities/guards.ts'
import { isRecord } from '../utilities/is-record.ts'

export interface OrderItem {
  product: string
  quantity: number
  unit_price: number
}

/**
 * The largest unit price an order takes: with at most 100 items of at most 10,000 each (the contract's limits),
 * a total in cents stays far below 2^53, so it is always exact.
 */
export const MAX_UNIT_PRICE = 10_000_000

/**
 * A money amount as integer cents, or undefined unless it is a finite number with at most two decimals (read
 * from its shortest decimal form, so 0.1 is 10 cents and 0.001 or 1e-7 are refused).
 */
export function toCents(amount: unknown): number | undefined {
  if (typeof amount !== 'number' || !/^-?\d+(\.\d{1,2})?$/.test(String(amount))) return undefined
  const cents = Math.round(amount * 100)
  return Number.isSafeInteger(cents) ? cents : undefined
}

/** The total in integer cents, summed exactly (3 × 0.1 is 30 cents); prices must be validated before. */
export function orderTotalCents(items: OrderItem[]): number {
  return items.reduce(
    (sum, i) => sum + i.quantity * (toCents(i.unit_price) ?? Math.round(i.unit_price * 100)),
    0,
  )
}

export function orderTotal(items: OrderItem[]): number {
  return orderTotalCents(items) / 100
}

export function orderJson(doc: Record<string, unknown>): Record<string, unknown> {
  const rows: unknown[] = Array.isArray(doc.items) ? doc.items : []
  const items = rows.map((row) => {
    const i: Record<string, unknown> = isRecord(row) ? row : {}
    return {
      product: String(i.product),
      quantity: Number(i.quantity),
      unit_price: Number(i.unit_price),
    }
  })
  const user = doc.user
  const out: Record<string, unknown> = {
    id: doc.id,
    user_id: isNonNullObject(user) ? user.id : user,
    status: doc.status,
    items,
  }
  if (doc.status !== 'cancelled')
    out.total_amount = typeof doc.total_amount === 'number' ? doc.total_amount : orderTotal(items)
  out.created_at = doc.createdAt
  out.updated_at = doc.updatedAt
  return out
}
