/**
 * The target of a lock route (lockStatus, lockDocument, unlockDocument), checked with the caller's access: read
 * access to see a lock, update access to take or release one (a Where matched against the stored document, its
 * row locked until the transaction ends so that two editors taking one lock take it one after the other).
 */
import type { CmsRequest } from '../config/types.ts'
import type { CollectionSlug, DocumentLockArgs, GlobalSlug } from '../config/local-api.ts'
import { readGlobalRow } from '../db/stores/globals.ts'
import { selectById, selectIds } from '../db/store.ts'
import type { Executor } from '../db/database.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { NotFound } from '../errors/not-found.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import { combineWhere, executeAccess } from './access.ts'
import type { Cms } from './cms.ts'
import { lockSeconds, type LockTarget } from './locks.ts'
import { checkUpdatable } from './operations/update-global.ts'
import { idParam } from './params.ts'

/** The target a lock call names, and its lock duration; 400 where it cannot be locked. */
export function lockTargetOf(
  cms: Cms,
  args: DocumentLockArgs<CollectionSlug, GlobalSlug>,
): { target: LockTarget; seconds: number } {
  const target: LockTarget =
    args.collection !== undefined
      ? {
          collection: cms.collection(args.collection),
          id: idParam(args.id, cms.collection(args.collection)),
        }
      : { global: cms.global(args.slug!) }
  const seconds = lockSeconds(cms, target)
  if (seconds === undefined)
    throw new BadRequest(
      `${target.collection ? `Collection "${target.collection.slug}"` : `Global "${target.global.slug}"`} has no document locking (lockDocuments is false, or no collection has auth).`,
    )
  return { target, seconds }
}

/** 401 anonymous, 404 a document the caller may not read. */
export async function checkReadable(
  cms: Cms,
  req: CmsRequest,
  target: LockTarget,
  overrideAccess: boolean,
): Promise<void> {
  if (!overrideAccess && !req.user) throw new Unauthorized()
  if (target.collection)
    await cms.findByID({
      collection: target.collection.slug as never,
      id: target.id,
      depth: 0,
      overrideAccess,
      req,
    })
  else await cms.findGlobal({ slug: target.global.slug as never, depth: 0, overrideAccess, req })
}

/** 401 anonymous, 404 missing, 403 a document the caller may not update; the row stays locked (`tx`). */
export async function checkUpdatableTarget(
  cms: Cms,
  tx: Executor,
  req: CmsRequest,
  target: LockTarget,
  overrideAccess: boolean,
): Promise<void> {
  if (!overrideAccess && !req.user) throw new Unauthorized()
  if (target.global) {
    const access = await executeAccess(target.global.access.update, { req }, overrideAccess)
    const row = await readGlobalRow(tx, cms.db.dialect, target.global.slug, true)
    checkUpdatable(cms, target.global, req, access, row)
    return
  }
  const { collection, id } = target
  const access = await executeAccess(collection.access.update, { req, id }, overrideAccess)
  const ctx = cms.queryContext(req.locale)
  if (!(await selectById(tx, ctx, collection, id, true))) throw new NotFound()
  if (
    access !== true &&
    (await selectIds(tx, ctx, collection, combineWhere({ id: { equals: id } }, access))).length ===
      0
  )
    throw new Forbidden()
}
