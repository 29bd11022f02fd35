/**
 * Payload's document locks (docs/admin.md, "Two editors, one document"): rows of `payload-locked-documents`, one
 * per document or global an editor has open, touched while the editor works. A lock lasts its entity's
 * `lockDocuments.duration` (default 300 s) after its last touch. Every update and delete of a lockable document
 * releases its locks, and refuses with 423 first when `overrideLock` is false and another user holds a live one
 * (Payload's checkDocumentLockStatus). The lock rows are written with the server's own access: the collection is
 * closed to everyone but the trusted callers.
 */
import type {
  CmsRequest,
  ID,
  SanitizedCollection,
  SanitizedGlobal,
  Where,
} from '../config/types.ts'
import { SYSTEM_COLLECTIONS } from '../config/events.ts'
import { lockSecondsOf } from '../config/sanitize/locked-documents.ts'
import { Locked } from '../errors/locked.ts'
import type { LockState } from '../config/local-api.ts'
import type { Cms } from './cms.ts'

export const LOCKS = SYSTEM_COLLECTIONS.locks

/** What a lock is on: a collection's document, or a global. */
export type LockTarget =
  | { collection: SanitizedCollection; id: ID; global?: undefined }
  | { global: SanitizedGlobal; collection?: undefined; id?: undefined }

/** A lock row as stored (depth 0). */
export interface LockRow {
  id: ID
  user: { relationTo: string; value: ID }
  createdAt: string
  updatedAt: string
}

/** The lock duration of a target in seconds; undefined where it cannot be locked. */
export function lockSeconds(cms: Cms, target: LockTarget): number | undefined {
  if (!cms.config.collectionsBySlug.has(LOCKS)) return undefined
  return lockSecondsOf(target.collection ?? target.global)
}

const whereOf = (target: LockTarget): Where =>
  target.collection
    ? {
        and: [
          { 'document.relationTo': { equals: target.collection.slug } },
          { 'document.value': { equals: target.id } },
        ],
      }
    : { globalSlug: { equals: target.global.slug } }

/** The locks on a target, the most recently touched first (inside the request's transaction, if any). */
export async function locksOf(cms: Cms, req: CmsRequest, target: LockTarget): Promise<LockRow[]> {
  const found = await cms.find({
    collection: LOCKS as never,
    where: whereOf(target),
    sort: '-updatedAt',
    depth: 0,
    // A document has one lock, a few where two editors raced; the config's maxLimit bounds any list.
    limit: Math.min(25, cms.config.maxLimit),
    pagination: false,
    overrideAccess: true,
    req,
  })
  return found.docs as unknown as LockRow[]
}

/** Whether `user` holds a lock (its collection and id both match). */
export const holds = (lock: LockRow, user: CmsRequest['user']): boolean =>
  Boolean(user) &&
  lock.user?.relationTo === user!.collection &&
  String(lock.user.value) === String(user!.id)

/** When a lock ends unless touched again. */
export const expiresAt = (lock: LockRow, seconds: number): number =>
  Date.parse(lock.updatedAt) + seconds * 1000

export const isLive = (lock: LockRow, seconds: number): boolean =>
  Date.now() <= expiresAt(lock, seconds)

/** Deletes lock rows by id. */
export async function removeLocks(cms: Cms, req: CmsRequest, ids: ID[]): Promise<void> {
  if (ids.length === 0) return
  await cms.delete({
    collection: LOCKS as never,
    where: { id: { in: ids } },
    depth: 0,
    overrideAccess: true,
    req,
  })
}

/** Payload's messages for a refused write. */
function lockedMessage(target: LockTarget, verb: 'updated' | 'deleted'): string {
  if (target.global)
    return `Global document with slug "${target.global.slug}" is currently locked by another user and cannot be modified.`
  return verb === 'updated'
    ? `Document with ID ${target.id} is currently locked by another user and cannot be updated.`
    : `Document with ID ${target.id} is currently locked and cannot be deleted.`
}

/**
 * Before an update or delete of a lockable document, in its transaction: with `overrideLock` false, 423 while
 * another user holds a live lock; then the document's locks are released (the write ends the editing session,
 * as in Payload).
 */
export async function checkDocumentLock(
  cms: Cms,
  req: CmsRequest,
  target: LockTarget,
  overrideLock: boolean,
  verb: 'updated' | 'deleted',
): Promise<void> {
  const seconds = lockSeconds(cms, target)
  if (seconds === undefined) return
  const locks = await locksOf(cms, req, target)
  if (locks.length === 0) return
  const newest = locks[0]
  if (!overrideLock && !holds(newest, req.user) && isLive(newest, seconds))
    throw new Locked(lockedMessage(target, verb))
  await removeLocks(
    cms,
    req,
    locks.map((l) => l.id),
  )
}

/** The title of a lock's holder, read with the caller's access (none when the caller may not read the holder). */
async function holderTitle(
  cms: Cms,
  req: CmsRequest,
  holder: LockRow['user'],
): Promise<string | undefined> {
  const users = cms.config.collectionsBySlug.get(holder.relationTo)
  if (!users) return undefined
  try {
    const user = (await cms.findByID({
      collection: holder.relationTo as never,
      id: holder.value,
      depth: 0,
      overrideAccess: false,
      req,
    })) as Record<string, unknown>
    const key = users.admin?.useAsTitle ?? 'email'
    const title = user[key] ?? user.email ?? user.username
    return typeof title === 'string' || typeof title === 'number' ? String(title) : undefined
  } catch {
    return undefined
  }
}

/** The answer of the lock routes: the newest live lock on the target, if any, as the caller may see it. */
export async function lockStateOf(
  cms: Cms,
  req: CmsRequest,
  seconds: number,
  lock: LockRow | undefined,
): Promise<LockState> {
  if (!lock || !isLive(lock, seconds)) return { locked: false, mine: false, duration: seconds }
  const title = await holderTitle(cms, req, lock.user)
  return {
    locked: true,
    mine: holds(lock, req.user),
    duration: seconds,
    user: {
      collection: lock.user.relationTo,
      id: lock.user.value,
      ...(title === undefined ? {} : { title }),
    },
    lockedAt: lock.createdAt,
    expiresAt: new Date(expiresAt(lock, seconds)).toISOString(),
  }
}
