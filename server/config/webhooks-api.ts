/**
 * The Local API's door to outgoing webhooks as configs see it (`req.cms.webhooks`): the delivery log and the retry
 * of a dead delivery (docs/webhooks.md, "Delivery log"). Implemented by `local/webhooks/webhooks.ts`.
 */
export const DELIVERY_STATUSES = ['pending', 'delivering', 'failed', 'delivered', 'dead'] as const
export type WebhookDeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** One delivery (an event to one endpoint) as the log shows it; times are ISO 8601, the body is left out. */
export interface WebhookDelivery {
  id: number
  /** The `webhook-id` every attempt of this event sends. */
  eventId: string
  type: string
  /** `webhooks#0`, `collections.posts#1`, `globals.settings#0`, or `webhooks:<id>` (the `webhooks` collection). */
  endpoint: string
  /** `posts:7` or `globals.settings`: deliveries of one subject reach one endpoint in order. */
  subject: string
  status: WebhookDeliveryStatus
  attempts: number
  nextAttemptAt: string
  lastStatusCode: number | null
  lastError: string | null
  deliveredAt: string | null
  createdAt: string
}

export interface WebhookDeliveryPage {
  docs: WebhookDelivery[]
  totalDocs: number
  limit: number
  page: number
  totalPages: number
}

export interface WebhooksApi {
  /** The stored subscriptions changed: read them again before the next event. */
  stale(): void
  /**
   * One page of the delivery log, newest first (`limit` 1–100, default 10; `page` from 1), of the endpoints given
   * only (`webhooks:<id>` for a stored subscription, `webhooks#0` for a configured one) when `endpoints` is set.
   */
  deliveries(args?: {
    status?: WebhookDeliveryStatus
    endpoints?: string[]
    limit?: number
    page?: number
  }): Promise<WebhookDeliveryPage>
  /** Sends a dead delivery again (pending, no attempts, due now); undefined when `id` is no dead delivery. */
  retry(id: number, endpoints?: string[]): Promise<WebhookDelivery | undefined>
}
