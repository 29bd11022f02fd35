import { countDocs } from '../../../db/store.ts'
import { countHit } from '../../../db/stores/rate-limits.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import type { Cms } from '../../cms.ts'
import type { BaseArgs, CollectionSlug } from '../../../config/local-api.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import { openSession } from './jwt-fields.ts'
import { authCollection, userAnswer, type AuthResult } from './shared.ts'

/**
 * Creates the first user of an auth collection and logs them in (Payload's `registerFirstUser`): refused (403)
 * once the collection has any user. Access is not asked (there is nobody to ask yet); with `auth.verify` the
 * account is created verified. One transaction, serialised per collection, so two racing calls cannot both
 * create a "first" user.
 */
export async function registerFirstUser(
  this: Cms,
  args: BaseArgs & { collection: string; data: Record<string, unknown>; depth?: number },
): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const data = args.data && typeof args.data === 'object' ? args.data : {}
  return withTransaction(this, req, async (tx) => {
    // A row of cms_rate_limits serves as the collection's lock: a concurrent call waits here until this commits.
    await countHit(tx, this.db.dialect, `first-register:${c.slug}`, Date.now(), 0)
    if ((await countDocs(tx, this.queryContext(), c)) > 0)
      throw new Forbidden('The first user has already been registered.')
    const user = await this.create({
      collection: c.slug as CollectionSlug,
      data: c.auth.verify ? { ...data, _verified: true } : data,
      overrideAccess: true,
      disableVerificationEmail: true,
      req,
      depth: 0,
    })
    const id = Number(user.id)
    const { token, exp } = await openSession(this, c, id, tx)
    return { token, exp, user: await userAnswer(this, c, id, req, args) }
  })
}
