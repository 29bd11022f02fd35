import { randomUUID } from 'node:crypto'
import {
  collectionEventType,
  emitsEvents,
  globalEventType,
  type CollectionAction,
  type EventData,
  type GlobalAction,
} from '../../config/events.ts'
import type { CmsRequest, ID, SanitizedCollection, SanitizedGlobal } from '../../config/types.ts'
import type { GlobalSlug } from '../../config/local-api.ts'
import type { Executor } from '../../db/database.ts'
import { selectIds } from '../../db/store.ts'
import { insertDeliveries, type NewDelivery } from '../../db/stores/outbox.ts'
import type { Cms } from '../cms.ts'
import { resolveLocale } from '../locale.ts'
import { readDocs } from '../read.ts'
import type { Subscription } from './subscriptions.ts'
import { collectionBodies, globalBodies } from './viewer.ts'

/** The event types of `actions` that something subscribes to, with their subscriptions. */
const subscribed = (cms: Cms, types: string[]) =>
  types
    .map((type) => ({ type, subs: cms.webhooks.subscriptions.forType(type) }))
    .filter((t) => t.subs.length > 0)

/** The request an event's document is read under: the caller's, its transaction, in the default locale. */
function eventReq(cms: Cms, req: CmsRequest): CmsRequest {
  return { ...req, ...resolveLocale(cms.config, undefined, undefined) }
}

/**
 * Writes the outbox rows of a collection write, in its transaction (`req.transaction`), once the afterChange hooks
 * ran: one row per event type and subscribed endpoint whose `where` the document matches. `stored` is the stored
 * form of the document (all locales, before afterRead); `doc` is read from it as REST answers it at depth 0 in
 * the default locale, hidden fields left out. Nothing subscribed: nothing is read or written.
 */
export async function emitCollectionEvents(
  cms: Cms,
  req: CmsRequest,
  collection: SanitizedCollection,
  actions: CollectionAction[],
  stored: Record<string, unknown>,
): Promise<void> {
  if (!emitsEvents(collection)) return
  await cms.webhooks.refresh(req)
  if (cms.webhooks.subscriptions.empty) return
  const events = subscribed(
    cms,
    actions.map((a) => collectionEventType(collection.slug, a)),
  )
  if (events.length === 0) return
  const tx = req.transaction ?? cms.db
  const id = stored.id as ID
  const ereq = eventReq(cms, req)
  const [doc] = await readDocs(cms, collection, [structuredClone(stored)], ereq, {
    depth: 0,
    overrideAccess: true,
  })
  // A filter is evaluated once per endpoint, in SQL on the row as this transaction sees it.
  const matched = new Map<Subscription, boolean>()
  const matches = async (sub: Subscription) => {
    if (!sub.where) return true
    let m = matched.get(sub)
    if (m === undefined) {
      const where = { and: [{ id: { equals: id } }, sub.where] }
      try {
        m = (await selectIds(tx, cms.queryContext(ereq.locale), collection, where)).length > 0
      } catch (err) {
        // A stored subscription's filter the where compiler refuses matches nothing.
        cms.logger.warn({ err, endpoint: sub.key }, 'webhook filter refused; the event is not sent')
        m = false
      }
      matched.set(sub, m)
    }
    return m
  }
  const bodyFor = collectionBodies(cms, collection, ereq, tx, stored, doc)
  const rows: NewDelivery[] = []
  for (const { type, subs } of events) {
    // One event id per type: every endpoint gets the same `webhook-id`, each the body its owner may read.
    const event = envelope(type)
    for (const sub of subs) {
      if (!(await matches(sub))) continue
      const body = await bodyFor(sub)
      if (body === null) continue
      rows.push({
        ...event.with({ collection: collection.slug, id, doc: body }),
        endpoint: sub.key,
        subject: `${collection.slug}:${String(id)}`,
      })
    }
  }
  await write(cms, tx, rows)
}

/** The outbox rows of a global write (as `emitCollectionEvents`); `doc` is the global as `findGlobal` reads it. */
export async function emitGlobalEvents(
  cms: Cms,
  req: CmsRequest,
  global: SanitizedGlobal,
  actions: GlobalAction[],
  draft: boolean,
): Promise<void> {
  await cms.webhooks.refresh(req)
  if (cms.webhooks.subscriptions.empty) return
  const events = subscribed(
    cms,
    actions.map((a) => globalEventType(global.slug, a)),
  )
  if (events.length === 0) return
  const ereq = eventReq(cms, req)
  const doc: Record<string, unknown> = {
    ...(await cms.findGlobal({
      slug: global.slug as GlobalSlug,
      depth: 0,
      draft,
      overrideAccess: true,
      req: ereq,
    })),
  }
  const tx = req.transaction ?? cms.db
  const bodyFor = globalBodies(cms, global, ereq, tx, draft, doc)
  const rows: NewDelivery[] = []
  for (const { type, subs } of events) {
    const event = envelope(type)
    for (const sub of subs) {
      const body = await bodyFor(sub)
      if (body === null) continue
      rows.push({
        ...event.with({ global: global.slug, doc: body }),
        endpoint: sub.key,
        subject: `globals.${global.slug}`,
      })
    }
  }
  await write(cms, tx, rows)
}

/** One event's id and time; `with(data)` makes its body, the Standard Webhooks envelope `{ type, timestamp, data }`. */
function envelope(type: string) {
  const now = Date.now()
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`
  const timestamp = new Date(now).toISOString()
  // Endpoints whose owners see the same document share one serialised body.
  const payloads = new Map<unknown, string>()
  return {
    with: (data: EventData) => {
      let payload = payloads.get(data.doc)
      if (payload === undefined) {
        payload = JSON.stringify({ type, timestamp, data })
        payloads.set(data.doc, payload)
      }
      return { eventId, type, payload, createdAt: now }
    },
  }
}

async function write(cms: Cms, tx: Executor, rows: NewDelivery[]) {
  if (rows.length === 0) return
  await insertDeliveries(tx, rows)
  cms.webhooks.written()
}
