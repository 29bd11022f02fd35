import { randomUUID } from 'node:crypto'
import type { EventData } from '../../config/events.ts'

/** An event's identity: the `webhook-id` every endpoint gets, and when it happened. */
export interface EventStamp {
  eventId: string
  timestamp: string
  createdAt: number
}

/** A new event's id and time. */
export function newStamp(): EventStamp {
  const createdAt = Date.now()
  return {
    eventId: `evt_${randomUUID().replaceAll('-', '')}`,
    timestamp: new Date(createdAt).toISOString(),
    createdAt,
  }
}

/**
 * One event of `type`; `with(data)` makes its body, the Standard Webhooks envelope `{ type, timestamp, data }`.
 * Endpoints whose owners see the same document share one serialised body.
 */
export function envelope(type: string, stamp: EventStamp = newStamp()) {
  const payloads = new Map<unknown, string>()
  return {
    stamp,
    with: (data: EventData) => {
      let payload = payloads.get(data.doc)
      if (payload === undefined) {
        payload = JSON.stringify({ type, timestamp: stamp.timestamp, data })
        payloads.set(data.doc, payload)
      }
      return { eventId: stamp.eventId, type, payload, createdAt: stamp.createdAt }
    },
  }
}
