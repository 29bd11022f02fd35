/**
 * The lockDocument kind: the caller takes the lock of a document or global it may update, or touches the lock it
 * holds (its duration starts again). While another user holds a live lock it is a 423 naming the holder
 * (`data.lock`), unless `takeOver`: then that lock is removed and the caller's taken, and the other editor learns
 * it at its next touch or status check. Expired locks are removed on the way.
 */
import type {
  CollectionSlug,
  DocumentLockArgs,
  GlobalSlug,
  LockState,
} from '../../config/local-api.ts'
import { Locked } from '../../errors/locked.ts'
import type { Cms } from '../cms.ts'
import { checkUpdatableTarget, lockTargetOf } from '../lock-target.ts'
import { holds, isLive, LOCKS, lockStateOf, locksOf, removeLocks, type LockRow } from '../locks.ts'
import { createLocalReq, withTransaction } from '../request.ts'

export async function lockDocument(
  this: Cms,
  args: DocumentLockArgs<CollectionSlug, GlobalSlug>,
): Promise<LockState> {
  const req = createLocalReq(this, args)
  const { target, seconds } = lockTargetOf(this, args)
  const overrideAccess = args.overrideAccess ?? true
  return withTransaction(this, req, async (tx) => {
    await checkUpdatableTarget(this, tx, req, target, overrideAccess)
    const locks = await locksOf(this, req, target)
    const other = locks.find((l) => !holds(l, req.user) && isLive(l, seconds))
    if (other && !args.takeOver)
      throw new Locked('This document is being edited by another user; take it over to edit it.', {
        lock: await lockStateOf(this, req, seconds, other),
      })
    const mine = locks.find((l) => holds(l, req.user))
    await removeLocks(
      this,
      req,
      locks.filter((l) => l !== mine).map((l) => l.id),
    )
    if (!req.user) return lockStateOf(this, req, seconds, undefined)
    const user = { relationTo: req.user.collection, value: req.user.id }
    const written = mine
      ? await this.update({ collection: LOCKS as never, id: mine.id, data: {}, depth: 0, req })
      : await this.create({
          collection: LOCKS as never,
          data: target.collection
            ? { document: { relationTo: target.collection.slug, value: target.id }, user }
            : { globalSlug: target.global.slug, user },
          depth: 0,
          req,
        })
    return lockStateOf(this, req, seconds, written as unknown as LockRow)
  })
}
