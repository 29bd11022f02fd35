/**
 * The one JSON shape of an order (seed rules 5–6: representation is not authorization). `total_amount` is
 * the sum of quantity × unit_price rounded to cents; it is omitted for a cancelled order, because it is no
 * longer owed. Who may see an order is decided before this function runs, never by hiding fields.
 */
export interface OrderItem { product: string; quantity: number; unit_price: number }

export function orderTotal(items: OrderItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.quantity * i.unit_price, 0) * 100) / 100
}

export function orderJson(doc: Record<string, unknown>): Record<string, unknown> {
  const items = ((doc.items as Record<string, unknown>[] | null) ?? []).map((i) => ({ product: String(i.product), quantity: Number(i.quantity), unit_price: Number(i.unit_price) }))
  const user = doc.user
  const out: Record<string, unknown> = {
    id: doc.id,
    user_id: typeof user === 'object' && user !== null ? (user as { id: number }).id : user,
    status: doc.status,
    items,
  }
  if (doc.status !== 'cancelled') out.total_amount = typeof doc.total_amount === 'number' ? doc.total_amount : orderTotal(items)
  out.created_at = doc.createdAt
  out.updated_at = doc.updatedAt
  return out
}
