import { SYSTEM_COLLECTIONS } from '../../config/events.ts'
import type { CmsRequest } from '../../config/types.ts'
import type { Cms } from '../cms.ts'
import type { StoredSubscription } from './subscriptions.ts'

/**
 * The active subscriptions of the `webhooks` collection, read with `overrideAccess` (their secrets included), in
 * the caller's transaction when it has one.
 */
export async function loadStoredSubscriptions(
  cms: Cms,
  req?: CmsRequest,
): Promise<StoredSubscription[]> {
  const found = await cms.find({
    collection: SYSTEM_COLLECTIONS.webhooks as never,
    where: { active: { equals: true } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    ...(req?.transaction ? { req: { transaction: req.transaction } } : {}),
  })
  return (found.docs as unknown as StoredSubscription[]).filter((d) => d.secret && d.url)
}
