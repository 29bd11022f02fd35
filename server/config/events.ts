import type { SanitizedCollection, SanitizedConfig, SanitizedGlobal } from './types.ts'

/**
 * The events a write emits (issue 39): the one vocabulary the outbox writes, webhooks subscribe to and the
 * contract's top-level `webhooks` declares. A delivery's body is a Standard Webhooks envelope
 * `{ type, timestamp, data }`: `type` is `<collection>.<action>` or `globals.<global>.<action>` (`globals` is a
 * reserved collection slug, so the two never collide), `timestamp` the commit's ISO time, and `data` the
 * `EventData` of the action. `doc` is the document as the contract describes it (`Post`, `Settings`): depth 0,
 * the default locale, hidden fields and secrets left out.
 */
export type CollectionAction =
  /** A document was created (draft or published). */
  | 'created'
  /** A document was changed (an update, a draft save, a version restored). */
  | 'updated'
  /** A write left the document published (a create or update with `_status: 'published'`; drafts on). */
  | 'published'
  /** A published document went back to draft (drafts on). */
  | 'unpublished'
  /** A document was moved to the trash (`trash` on). */
  | 'trashed'
  /** A document came back from the trash (`trash` on). */
  | 'restored'
  /** A document was deleted for good. */
  | 'deleted'
  /** An account was locked after `maxLoginAttempts` failed logins (auth collections with a limit). */
  | 'loginLocked'

export type GlobalAction = 'updated' | 'published' | 'unpublished'

export type EventAction = CollectionAction | GlobalAction

/** One event type of a config: its wire name and what it is about. */
export type EventType =
  | { type: string; action: CollectionAction; collection: string; global?: undefined }
  | { type: string; action: GlobalAction; global: string; collection?: undefined }

export const collectionEventType = (slug: string, action: CollectionAction): string =>
  `${slug}.${action}`
export const globalEventType = (slug: string, action: GlobalAction): string =>
  `globals.${slug}.${action}`

/**
 * The collections the CMS adds for its own bookkeeping: webhook subscriptions (data, editable in the admin),
 * their delivery log, and Payload's jobs queue. They emit no events (a delivery's own write would emit another).
 */
export const SYSTEM_COLLECTIONS = {
  webhooks: 'webhooks',
  deliveries: 'webhook-deliveries',
  jobs: 'payload-jobs',
  locks: 'payload-locked-documents',
} as const
const systemSlugs: ReadonlySet<string> = new Set(Object.values(SYSTEM_COLLECTIONS))

/** Whether a collection emits events: every collection but the CMS's own bookkeeping ones. */
export const emitsEvents = (collection: SanitizedCollection): boolean =>
  !systemSlugs.has(collection.slug)

/** The actions a collection can emit, in declaration order. */
export function collectionActions(collection: SanitizedCollection): CollectionAction[] {
  const actions: CollectionAction[] = ['created', 'updated']
  if (collection.versions && collection.versions.drafts) actions.push('published', 'unpublished')
  if (collection.trash) actions.push('trashed', 'restored')
  actions.push('deleted')
  if (collection.auth && collection.auth.maxLoginAttempts > 0) actions.push('loginLocked')
  return actions
}

/** The actions a global can emit. */
export function globalActions(global: SanitizedGlobal): GlobalAction[] {
  return global.versions && global.versions.drafts
    ? ['updated', 'published', 'unpublished']
    : ['updated']
}

/** Every event type of the config: collections (in order, with their actions), then globals. */
export function eventTypes(config: SanitizedConfig): EventType[] {
  return [
    ...config.collections.filter(emitsEvents).flatMap((c) =>
      collectionActions(c).map((action) => ({
        type: collectionEventType(c.slug, action),
        action,
        collection: c.slug,
      })),
    ),
    ...config.globals.flatMap((g) =>
      globalActions(g).map((action) => ({
        type: globalEventType(g.slug, action),
        action,
        global: g.slug,
      })),
    ),
  ]
}

/** The `data` of an event: what changed, with the document after the write (before it, for `deleted`). */
export type EventData =
  | { collection: string; id: string | number; doc: Record<string, unknown> }
  | { global: string; doc: Record<string, unknown> }
