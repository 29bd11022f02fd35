import {
  collectionEventType,
  emitsEvents,
  globalEventType,
  type CollectionAction,
  type GlobalAction,
} from '../../config/events.ts'
import type { CmsRequest, ID, SanitizedCollection, SanitizedGlobal } from '../../config/types.ts'
import type { GlobalSlug } from '../../config/local-api.ts'
import type { Executor } from '../../db/database.ts'
import { selectIds } from '../../db/store.ts'
import { FANOUT_ENDPOINT, insertDeliveries, type NewDelivery } from '../../db/stores/outbox.ts'
import type { Cms } from '../cms.ts'
import { resolveLocale } from '../locale.ts'
import { readDocs } from '../read.ts'
import type { Subscription } from './subscriptions.ts'
import { envelope, type EventStamp } from './envelope.ts'
import type { FanoutEvent } from './viewer.ts'

/**
 * The event types of `actions` that something subscribes to: their config-declared endpoints, and whether stored
 * subscriptions want them too (one fan-out row, however many they are).
 */
const subscribed = (cms: Cms, types: string[]) =>
  types
    .map((type) => ({
      type,
      subs: cms.webhooks.subscriptions.forType(type),
      fanout: cms.webhooks.subscriptions.storedForType(type).length > 0,
    }))
    .filter((t) => t.subs.length > 0 || t.fanout)

/** The request an event's document is read under: the caller's, its transaction, in the default locale. */
function eventReq(cms: Cms, req: CmsRequest): CmsRequest {
  return { ...req, ...resolveLocale(cms.config, undefined, undefined) }
}

/**
 * Writes the outbox rows of a collection write, in its transaction (`req.transaction`), once the afterChange hooks
 * ran: per event type, one row per config-declared endpoint whose `where` the document matches, and one fan-out
 * row when the `webhooks` collection subscribes to it (expanded after the commit, viewer.ts), so the writer's
 * transaction costs the same however many users subscribed. `stored` is the stored form of the document (all
 * locales, before afterRead); an endpoint's `doc` is read from it as REST answers it at depth 0 in the default
 * locale, hidden fields left out. Nothing subscribed: nothing is read or written.
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
  const subject = `${collection.slug}:${String(id)}`
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
        // A filter the where compiler refuses matches nothing.
        cms.logger.warn({ err, endpoint: sub.key }, 'webhook filter refused; the event is not sent')
        m = false
      }
      matched.set(sub, m)
    }
    return m
  }
  let doc: Record<string, unknown> | undefined
  const rows: NewDelivery[] = []
  for (const { type, subs, fanout } of events) {
    // One event id per type: every endpoint gets the same `webhook-id`.
    const event = envelope(type)
    for (const sub of subs) {
      if (!(await matches(sub))) continue
      doc ??= (
        await readDocs(cms, collection, [structuredClone(stored)], ereq, {
          depth: 0,
          overrideAccess: true,
        })
      )[0]
      rows.push({
        ...event.with({ collection: collection.slug, id, doc }),
        endpoint: sub.key,
        subject,
      })
    }
    if (fanout)
      rows.push(
        fanoutRow(type, event.stamp, subject, { collection: collection.slug, id, doc: stored }),
      )
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
  const subject = `globals.${global.slug}`
  const rows: NewDelivery[] = []
  for (const { type, subs, fanout } of events) {
    const event = envelope(type)
    for (const sub of subs)
      rows.push({ ...event.with({ global: global.slug, doc }), endpoint: sub.key, subject })
    if (fanout) rows.push(fanoutRow(type, event.stamp, subject, { global: global.slug, doc }))
  }
  await write(cms, tx, rows)
}

/** The one row standing for every stored subscription of an event, until the worker expands it. */
function fanoutRow(
  type: string,
  stamp: EventStamp,
  subject: string,
  target: Omit<FanoutEvent, 'timestamp' | 'createdAt'>,
): NewDelivery {
  const event: FanoutEvent = { ...target, timestamp: stamp.timestamp, createdAt: stamp.createdAt }
  return {
    eventId: stamp.eventId,
    type,
    subject,
    endpoint: FANOUT_ENDPOINT,
    payload: JSON.stringify(event),
    createdAt: stamp.createdAt,
  }
}

async function write(cms: Cms, tx: Executor, rows: NewDelivery[]) {
  if (rows.length === 0) return
  await insertDeliveries(tx, rows)
  cms.webhooks.written()
}
