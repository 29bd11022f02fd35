/**
 * The lockStatus kind: who holds the lock of a document or global (lockDocuments), for a caller who may read it.
 * The holder's title shows only where the caller may read the holder's account.
 */
import type {
  CollectionSlug,
  DocumentLockArgs,
  GlobalSlug,
  LockState,
} from '../../config/local-api.ts'
import type { Cms } from '../cms.ts'
import { checkReadable, lockTargetOf } from '../lock-target.ts'
import { lockStateOf, locksOf } from '../locks.ts'
import { createLocalReq } from '../request.ts'

export async function lockStatus(
  this: Cms,
  args: DocumentLockArgs<CollectionSlug, GlobalSlug>,
): Promise<LockState> {
  const req = createLocalReq(this, args)
  const { target, seconds } = lockTargetOf(this, args)
  await checkReadable(this, req, target, args.overrideAccess ?? true)
  const [newest] = await locksOf(this, req, target)
  return lockStateOf(this, req, seconds, newest)
}
