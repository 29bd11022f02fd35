import type { Executor } from '../database.ts'

/** Webhook event ids already processed (`cms_webhook_events`): a replayed event is recognised and not applied twice. */
export async function webhookEventSeen(ex: Executor, eventId: string): Promise<boolean> {
  const [row] = await ex.all<{ n: number }>(
    'SELECT COUNT(*) AS n FROM cms_webhook_events WHERE event_id = ?',
    [eventId],
  )
  return Number(row.n) > 0
}

/** Claims an event id; a unique violation means another delivery of the same event claimed it first. */
export async function recordWebhookEvent(ex: Executor, eventId: string): Promise<void> {
  await ex.run('INSERT INTO cms_webhook_events (event_id, received_at) VALUES (?, ?)', [
    eventId,
    Date.now(),
  ])
}
