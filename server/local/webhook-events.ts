import type { Executor } from '../db/database.ts'
import { recordWebhookEvent, webhookEventSeen } from '../db/stores/webhook-events.ts'
import type { Cms } from './cms.ts'

/**
 * Payment webhook events, applied once: the Local layer's door to `cms_webhook_events`, so the orders service
 * (a layer above) reaches the database only through Local.
 */

/** Whether an event id was applied already. */
export const eventSeen = (cms: Cms, eventId: string): Promise<boolean> =>
  webhookEventSeen(cms.db, eventId)

/** Records an event id as applied, in `transaction` when the state change it pays for is in one. */
export const recordEvent = (cms: Cms, eventId: string, transaction?: Executor): Promise<void> =>
  recordWebhookEvent(transaction ?? cms.db, eventId)
