import { consumeVerificationToken } from '../../../db/stores/users.ts'
import { BadRequest } from '../../../errors/bad-request.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import type { Cms } from '../../cms.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import { authCollection, sha256, usersOf } from './shared.ts'

/**
 * Verifies the account the verification token was mailed for (`auth.verify`): `_verified` becomes true and the
 * token is consumed (single use). An unknown or used token is a 403, as Payload answers it.
 */
export async function verifyEmail(
  this: Cms,
  args: BaseArgs & { collection: string; token: string },
): Promise<boolean> {
  const c = authCollection(this, args.collection)
  if (!c.auth.verify)
    throw new BadRequest(`Collection "${c.slug}" does not verify emails (auth.verify is off).`)
  if (typeof args.token !== 'string' || args.token === '' || args.token.length > 256)
    throw new BadRequest('Missing or malformed verification token.')
  const req = createLocalReq(this, args)
  const id = await withTransaction(this, req, (tx) =>
    consumeVerificationToken(usersOf(this, c, tx), sha256(args.token)),
  )
  if (id === undefined) throw new Forbidden('Verification token is invalid.')
  return true
}
