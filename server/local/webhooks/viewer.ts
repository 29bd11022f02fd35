/**
 * Event bodies read with the access of whoever receives them (docs/webhooks.md, "Access"): a stored subscription
 * belongs to the user who created it, and an event reaches it only when that user may read the document (the
 * collection's read access, a Where evaluated in SQL on the row as the write's transaction sees it), with the
 * fields that user may read. A trusted owner, and a subscription without one (server code, config-declared
 * endpoints), get the body as the event was written: every field but hidden ones and secrets.
 */
import type { CmsRequest, ID, SanitizedCollection, SanitizedGlobal } from '../../config/types.ts'
import type { CollectionSlug, GlobalSlug } from '../../config/local-api.ts'
import { trustedAccessOf } from '../../config/trusted.ts'
import type { Executor } from '../../db/database.ts'
import { selectIds } from '../../db/store.ts'
import { accessResult } from '../access.ts'
import type { Cms } from '../cms.ts'
import { readDocs } from '../read.ts'
import type { Subscription } from './subscriptions.ts'

type Body = Record<string, unknown>
/** What an owner sees of one event's document: a body, or null when they may not read it. */
type View = (owner: ID) => Promise<Body | null>

/** The owner's request (their user, in the event's locale and transaction), or null when the user is gone. */
async function ownerRequest(cms: Cms, ereq: CmsRequest, tx: Executor, owner: ID) {
  const slug = cms.config.admin?.user ?? cms.config.collections.find((c) => c.auth)?.slug
  if (!slug) return null
  const user = await cms.findByID({
    collection: slug as CollectionSlug,
    id: owner,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req: { transaction: tx },
  })
  if (!user) return null
  const req: CmsRequest = { ...ereq, user: { ...user, id: owner, collection: slug } }
  const trusted = (await trustedAccessOf(cms.config)({ req })) === true
  return { req, trusted }
}

/** The bodies of one event per subscription, each owner's read once. */
function bodies(full: Body, view: View) {
  const seen = new Map<string, Promise<Body | null>>()
  return (sub: Subscription): Promise<Body | null> => {
    if (sub.owner === undefined) return Promise.resolve(full)
    const key = String(sub.owner)
    let body = seen.get(key)
    if (!body) {
      body = view(sub.owner)
      seen.set(key, body)
    }
    return body
  }
}

/** Per subscription, the document of a collection event as its owner may read it (null: not sent). */
export function collectionBodies(
  cms: Cms,
  collection: SanitizedCollection,
  ereq: CmsRequest,
  tx: Executor,
  stored: Body,
  full: Body,
) {
  const id = stored.id as ID
  return bodies(full, async (owner) => {
    const who = await ownerRequest(cms, ereq, tx, owner)
    if (!who) return null
    if (who.trusted) return full
    const access = await accessResult(collection.access.read, { req: who.req, id }, false)
    if (access === false) return null
    if (access !== true) {
      const where = { and: [{ id: { equals: id } }, access] }
      const ids = await selectIds(tx, cms.queryContext(who.req.locale), collection, where)
      if (ids.length === 0) return null
    }
    const [doc] = await readDocs(cms, collection, [structuredClone(stored)], who.req, {
      depth: 0,
      overrideAccess: false,
    })
    return doc ?? null
  })
}

/** Per subscription, a global event's document as its owner may read it (null: not sent). */
export function globalBodies(
  cms: Cms,
  global: SanitizedGlobal,
  ereq: CmsRequest,
  tx: Executor,
  draft: boolean,
  full: Body,
) {
  return bodies(full, async (owner) => {
    const who = await ownerRequest(cms, ereq, tx, owner)
    if (!who) return null
    if (who.trusted) return full
    try {
      return {
        ...(await cms.findGlobal({
          slug: global.slug as GlobalSlug,
          depth: 0,
          draft,
          overrideAccess: false,
          req: { ...who.req, transaction: tx },
        })),
      }
    } catch {
      return null
    }
  })
}
