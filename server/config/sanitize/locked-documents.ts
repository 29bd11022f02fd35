/**
 * Payload's document locking: the `lockDocuments` option of collections and globals (on by default, `false` or
 * `{ duration }` in seconds) and the `payload-locked-documents` collection that holds the locks, with Payload's
 * fields (`document`, a relationship to every lockable collection; `globalSlug`; `user`, the holder). The
 * collection exists where Payload's does: some collection or global is lockable and some collection has auth.
 * Closed by default (docs/admin.md, "Two editors, one document"): only the trusted callers (server/config/
 * trusted.ts) read or write it directly; editors take and release locks through the lock routes of the documents
 * they may update (`server/local/locks.ts`), which write it with the server's own access.
 */
import { ConfigError } from '../../errors/config-error.ts'
import { relationshipTo } from '../../fields/relationship.ts'
import { SYSTEM_COLLECTIONS } from '../events.ts'
import type { Access, CollectionConfig, Field } from '../types.ts'

/** Payload's default lock duration: five minutes after the holder last touched the lock. */
export const DEFAULT_LOCK_SECONDS = 300

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** Checks `lockDocuments` of a collection or global (`slug` names it in the error). */
export function checkLockDocuments(value: unknown, slug: unknown): void {
  if (value === undefined || value === false) return
  const duration = isObject(value) ? value.duration : undefined
  if (
    !isObject(value) ||
    Object.keys(value).some((k) => k !== 'duration') ||
    typeof duration !== 'number' ||
    !Number.isInteger(duration) ||
    duration < 1
  )
    throw new ConfigError(
      `Collection or global "${String(slug)}": lockDocuments must be false or { duration: <whole seconds, at least 1> }; got ${JSON.stringify(value)}.`,
    )
}

/** How long a lock on the entity's documents lasts, in seconds; undefined where locking is off. */
export function lockSecondsOf(entity: {
  slug: string
  lockDocuments?: false | { duration: number }
}): number | undefined {
  if (entity.lockDocuments === false || SYSTEM_COLLECTIONS_SET.has(entity.slug)) return undefined
  return entity.lockDocuments?.duration ?? DEFAULT_LOCK_SECONDS
}

/** Whether a sanitised config locks the entity's documents (its locks collection exists, its locking is on). */
export const isLockable = (
  config: { collectionsBySlug: ReadonlyMap<string, unknown> },
  entity: { slug: string; lockDocuments?: false | { duration: number } },
): boolean =>
  config.collectionsBySlug.has(SYSTEM_COLLECTIONS.locks) && lockSecondsOf(entity) !== undefined

const SYSTEM_COLLECTIONS_SET: ReadonlySet<string> = new Set(Object.values(SYSTEM_COLLECTIONS))

/** The locks collection of a config, or undefined where Payload would not add it. */
export function lockedDocumentsCollection(
  collections: readonly CollectionConfig[],
  globals: readonly { slug: string; lockDocuments?: false | { duration: number } }[],
  trusted: Access,
): CollectionConfig | undefined {
  const lockable = collections.filter((c) => lockSecondsOf(c) !== undefined).map((c) => c.slug)
  const lockableGlobals = globals.filter((g) => lockSecondsOf(g) !== undefined)
  const authSlugs = collections.filter((c) => c.auth).map((c) => c.slug)
  if ((lockable.length === 0 && lockableGlobals.length === 0) || authSlugs.length === 0)
    return undefined
  const fields: Field[] = []
  if (lockable.length > 0)
    fields.push(relationshipTo('document', lockable, { index: true, maxDepth: 0 }))
  fields.push({ name: 'globalSlug', type: 'text', index: true })
  fields.push(relationshipTo('user', authSlugs, { required: true, maxDepth: 1 }))
  return {
    slug: SYSTEM_COLLECTIONS.locks,
    // Payload's labels, from its slug: its GraphQL names (`PayloadLockedDocuments`) and its types' names.
    labels: { singular: 'Payload Locked Document', plural: 'Payload Locked Documents' },
    admin: { hidden: true, group: 'System' },
    access: { read: trusted, create: trusted, update: trusted, delete: trusted },
    lockDocuments: false,
    fields,
  }
}
