/**
 * The unlockDocument kind: the caller releases the lock it holds on a document or global it may update (the
 * admin does on leaving the form). Another user's lock stays; the answer says who holds the document now.
 */
import type {
  CollectionSlug,
  DocumentLockArgs,
  GlobalSlug,
  LockState,
} from '../../config/local-api.ts'
import type { Cms } from '../cms.ts'
import { checkUpdatableTarget, lockTargetOf } from '../lock-target.ts'
import { holds, lockStateOf, locksOf, removeLocks } from '../locks.ts'
import { createLocalReq, withTransaction } from '../request.ts'

export async function unlockDocument(
  this: Cms,
  args: DocumentLockArgs<CollectionSlug, GlobalSlug>,
): Promise<LockState> {
  const req = createLocalReq(this, args)
  const { target, seconds } = lockTargetOf(this, args)
  return withTransaction(this, req, async (tx) => {
    await checkUpdatableTarget(this, tx, req, target, args.overrideAccess ?? true)
    const locks = await locksOf(this, req, target)
    const mine = locks.filter((l) => holds(l, req.user))
    await removeLocks(
      this,
      req,
      mine.map((l) => l.id),
    )
    return lockStateOf(
      this,
      req,
      seconds,
      locks.find((l) => !mine.includes(l)),
    )
  })
}
