/**
 * The fan-out of an event to the `webhooks` collection's subscriptions (docs/webhooks.md, "Access" and "Fan-out"),
 * after the write committed: a write puts one fan-out row in the outbox whatever the number of subscriptions, and
 * the delivery worker expands it here into one delivery per subscription the event reaches.
 *
 * A stored subscription belongs to the user who created it, and an event reaches it only when its filter matches
 * and that user may read the document (the collection's read access; a Where is matched on the event's document),
 * with the fields that user may read. A trusted owner, and a subscription without one (server code), get the body
 * every endpoint gets: every field but hidden ones and secrets.
 */
import { documentMatches } from '../../config/document-match.ts'
import type { CmsRequest, ID, SanitizedCollection, SanitizedGlobal } from '../../config/types.ts'
import type { CollectionSlug } from '../../config/local-api.ts'
import { trustedAccessOf } from '../../config/trusted.ts'
import type { NewDelivery } from '../../db/stores/outbox.ts'
import { accessResult } from '../access.ts'
import type { Cms } from '../cms.ts'
import { resolveLocale } from '../locale.ts'
import { localizeDocs, readDocs, stripUnreadable } from '../read.ts'
import { createLocalReq } from '../request.ts'
import { envelope } from './envelope.ts'
import type { Subscription } from './subscriptions.ts'

type Body = Record<string, unknown>
/** What an owner sees of one event's document: a body, or null when they may not read it. */
type View = (owner: ID) => Promise<Body | null>

/** What a fan-out row carries (its `payload`): the event, and the document as the write stored it. */
export interface FanoutEvent {
  timestamp: string
  createdAt: number
  /** A collection event: its slug, the id, and the stored form (all locales, before afterRead). */
  collection?: string
  id?: ID
  /** A global event: its slug, and the global as `findGlobal` read it in the default locale. */
  global?: string
  doc: Body
}

/** The owner's request (their user, in the default locale), or null when the user is gone. */
async function ownerRequest(cms: Cms, ereq: CmsRequest, owner: ID) {
  const slug = cms.config.admin?.user ?? cms.config.collections.find((c) => c.auth)?.slug
  if (!slug) return null
  const user = await cms.findByID({
    collection: slug as CollectionSlug,
    id: owner,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  if (!user) return null
  const req: CmsRequest = { ...ereq, user: { ...user, id: owner, collection: slug } }
  const trusted = (await trustedAccessOf(cms.config)({ req })) === true
  return { req, trusted }
}

/** The bodies of one event per subscription, each owner's read once. */
function bodies(
  cms: Cms,
  ereq: CmsRequest,
  full: Body,
  view: (req: CmsRequest) => Promise<Body | null>,
) {
  const seen = new Map<string, Promise<Body | null>>()
  const owned: View = async (owner) => {
    const who = await ownerRequest(cms, ereq, owner)
    if (!who) return null
    return who.trusted ? full : view(who.req)
  }
  return (sub: Subscription): Promise<Body | null> => {
    if (sub.owner === undefined) return Promise.resolve(full)
    const key = String(sub.owner)
    let body = seen.get(key)
    if (!body) {
      body = owned(sub.owner)
      seen.set(key, body)
    }
    return body
  }
}

/** The deliveries one fan-out row expands into, with the subscriptions of now (`type`, its event id). */
export async function fanOut(
  cms: Cms,
  row: { event_id: string; type: string; subject: string },
  event: FanoutEvent,
): Promise<NewDelivery[]> {
  // The subscriptions of now that existed at the write (a later one gets the events of later writes).
  const subs = cms.webhooks.subscriptions
    .storedForType(row.type)
    .filter((s) => (s.since ?? 0) <= event.createdAt)
  if (subs.length === 0) return []
  const ereq = createLocalReq(cms, { req: resolveLocale(cms.config, undefined, undefined) })
  const collection = event.collection
    ? cms.config.collectionsBySlug.get(event.collection)
    : undefined
  const global = event.global ? cms.config.globalsBySlug.get(event.global) : undefined
  const target = collection
    ? await collectionTarget(cms, collection, ereq, event)
    : global && globalTarget(cms, global, ereq, event)
  if (!target) return []
  const stamp = { eventId: row.event_id, timestamp: event.timestamp, createdAt: event.createdAt }
  const message = envelope(row.type, stamp)
  const out: NewDelivery[] = []
  for (const sub of subs) {
    if (sub.where && !documentMatches(target.matched, sub.where)) continue
    const body = await target.bodyFor(sub)
    if (body === null) continue
    out.push({ ...message.with(target.data(body)), endpoint: sub.key, subject: row.subject })
  }
  return out
}

/** A collection event: filters and Where access matched on the stored document in the default locale. */
async function collectionTarget(
  cms: Cms,
  collection: SanitizedCollection,
  ereq: CmsRequest,
  event: FanoutEvent,
) {
  const id = event.id as ID
  const matched = structuredClone(event.doc)
  localizeDocs(cms, collection.flatFields, [matched], ereq)
  const [full] = await readDocs(cms, collection, [structuredClone(event.doc)], ereq, {
    depth: 0,
    overrideAccess: true,
  })
  const bodyFor = bodies(cms, ereq, full, async (req) => {
    const access = await accessResult(collection.access.read, { req, id }, false)
    if (access === false || (access !== true && !documentMatches(matched, access))) return null
    const [doc] = await readDocs(cms, collection, [structuredClone(event.doc)], req, {
      depth: 0,
      overrideAccess: false,
    })
    return doc ?? null
  })
  return { matched, bodyFor, data: (doc: Body) => ({ collection: collection.slug, id, doc }) }
}

/** A global event: read access matched on the global as it was read at the write, its fields as the owner reads. */
function globalTarget(cms: Cms, global: SanitizedGlobal, ereq: CmsRequest, event: FanoutEvent) {
  const full = event.doc
  const bodyFor = bodies(cms, ereq, full, async (req) => {
    const access = await accessResult(global.access.read, { req }, false)
    if (access === false || (access !== true && !documentMatches(full, access))) return null
    const doc = structuredClone(full)
    await stripUnreadable(global.flatFields, doc, req, false, false)
    return doc
  })
  return { matched: full, bodyFor, data: (doc: Body) => ({ global: global.slug, doc }) }
}
