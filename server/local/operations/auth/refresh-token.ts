import { signToken, type TokenClaims } from '../../../auth/tokens.ts'
import { extendSession } from '../../../db/stores/sessions.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import { Unauthorized } from '../../../errors/unauthorized.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { jwtFields } from './jwt-fields.ts'
import { authCollection, publicUser, type AuthResult } from './shared.ts'

/** A fresh token for the same session, whose expiry moves forward. */
export async function refreshToken(
  this: Cms,
  args: BaseArgs & { collection: string; claims: TokenClaims; depth?: number },
): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  if (args.claims.collection !== c.slug)
    throw new Forbidden('This token belongs to another collection.')
  const req = createLocalReq(this, args)
  // The window slides, but a session ends `sessionLifetime` after its login however often it is refreshed.
  const seconds = await extendSession(this.db, args.claims.sid, c.auth)
  if (seconds === undefined)
    throw new Unauthorized('The session has reached its end (auth.sessionLifetime); log in again.')
  const { token, exp } = await signToken(
    this.config,
    { id: args.claims.id, collection: c.slug, sid: args.claims.sid },
    seconds,
    await jwtFields(this, c, args.claims.id),
  )
  return { token, exp, user: await publicUser(this, c, args.claims.id, req, args.depth) }
}
