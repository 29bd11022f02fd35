import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
} from '../../config/webhooks-api.ts'
import type { Database } from '../../db/database.ts'
import {
  deliveryById,
  pageDeliveries,
  retryDeadDelivery,
  type DeliveryRow,
} from '../../db/stores/outbox.ts'

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** A row of the outbox as the log shows it: no body, no lease. */
function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: Number(r.id),
    eventId: r.event_id,
    type: r.type,
    endpoint: r.endpoint,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: new Date(r.next_attempt_at).toISOString(),
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAt: iso(r.delivered_at),
    createdAt: new Date(Number(r.created_at)).toISOString(),
  }
}

/** One page of the delivery log, newest first. */
export async function deliveryLog(
  db: Database,
  args: {
    status?: WebhookDeliveryStatus
    endpoints?: string[]
    limit?: number
    page?: number
  } = {},
): Promise<WebhookDeliveryPage> {
  const limit = Math.min(100, Math.max(1, Math.trunc(args.limit ?? 10)))
  const page = Math.max(1, Math.trunc(args.page ?? 1))
  const { rows, total } = await pageDeliveries(db, {
    status: args.status,
    endpoints: args.endpoints,
    limit,
    offset: (page - 1) * limit,
  })
  return {
    docs: rows.map(toDelivery),
    totalDocs: total,
    limit,
    page,
    totalPages: Math.ceil(total / limit),
  }
}

/** Sends a dead delivery again; undefined when `id` is no dead delivery. */
export async function retryDelivery(
  db: Database,
  id: number,
  endpoints?: string[],
): Promise<WebhookDelivery | undefined> {
  if (!(await retryDeadDelivery(db, id, Date.now(), endpoints))) return undefined
  const row = await deliveryById(db, id)
  return row && toDelivery(row)
}
