import { authOf } from '../../../auth/session.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { endAllSessions, endSession, sessionOwner } from '../../../db/stores/sessions.ts'
import { Unauthorized } from '../../../errors/unauthorized.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import { authCollection, runAuthHooks } from './shared.ts'

export interface LogoutArgs extends BaseArgs {
  collection: string
  /** The session to end (default: the one `req` was authenticated with). */
  sid?: string
  /** End every session of the session's user: all their tokens are dead from now on. */
  allSessions?: boolean
}

/**
 * Ends the session of `sid` (its token is dead from now on), or with `allSessions` every session of its user.
 * The `afterLogout` hooks run first, in the same transaction: one that throws leaves the sessions alive.
 */
export async function logout(this: Cms, args: LogoutArgs): Promise<void> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const claims = authOf(req)?.claims
  const sid = args.sid ?? claims?.sid
  // A token Payload signed (auth.acceptPayloadTokens) has no session here to end: it lasts until its expiry.
  const payloadToken = !args.sid && claims?.fromPayload === true
  if (!sid && !payloadToken) throw new Unauthorized('No user is logged in.')
  await withTransaction(this, req, async (tx) => {
    await runAuthHooks(c.hooks.afterLogout, undefined, () => ({
      collection: c,
      context: req.context,
      req,
    }))
    if (payloadToken) {
      if (args.allSessions && claims) await endAllSessions(tx, c.slug, claims.id)
      return
    }
    if (!args.allSessions) return endSession(tx, sid!)
    const owner = await sessionOwner(tx, sid!, c.slug)
    if (owner !== undefined) await endAllSessions(tx, c.slug, owner)
  })
}
