import { isRecord } from '../../../utilities/is-record.ts'
import { signToken, type TokenClaims } from '../../../auth/tokens.ts'
import type { RefreshResult } from '../../../config/types.ts'
import { extendSession } from '../../../db/stores/sessions.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import { Unauthorized } from '../../../errors/unauthorized.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { jwtFields, openSession } from './jwt-fields.ts'
import { authCollection, runAuthHooks, userAnswer, type AuthResult } from './shared.ts'

/**
 * A fresh token for the same session, whose expiry moves forward. In one transaction with the session's new end,
 * as Payload: the first `refresh` hook returning a result (`{ exp, refreshedToken, user }`) replaces the token
 * made here, and the `afterRefresh` hooks may replace the result; a hook that throws leaves the session as it was.
 */
export async function refreshToken(
  this: Cms,
  args: BaseArgs & { collection: string; claims: TokenClaims; depth?: number },
): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  if (args.claims.collection !== c.slug)
    throw new Forbidden('This token belongs to another collection.')
  const req = createLocalReq(this, args)
  const result = await withTransaction(this, req, async (tx) => {
    // A token Payload signed (auth.acceptPayloadTokens) is traded for a session and token of this server's.
    const opened = args.claims.fromPayload
      ? await openSession(this, c, args.claims.id, tx)
      : undefined
    // The window slides, but a session ends `sessionLifetime` after its login however often it is refreshed.
    const seconds = opened ? undefined : await extendSession(tx, args.claims.sid, c.auth)
    if (!opened && seconds === undefined)
      throw new Unauthorized(
        'The session has reached its end (auth.sessionLifetime); log in again.',
      )
    const user = await userAnswer(this, c, args.claims.id, req, args)
    let refreshed: RefreshResult | undefined
    for (const hook of c.hooks.refresh) {
      const r = await hook({ args: { ...args }, user: { ...user, collection: c.slug } })
      if (r) {
        refreshed = refreshResult(r, 'a refresh hook')
        break
      }
    }
    if (!refreshed) {
      const { token, exp } =
        opened ??
        (await signToken(
          this.config,
          { id: args.claims.id, collection: c.slug, sid: args.claims.sid },
          seconds!,
          await jwtFields(this, c, args.claims.id, tx),
        ))
      refreshed = { exp, refreshedToken: token, user }
    }
    const after = await runAuthHooks(c.hooks.afterRefresh, refreshed, (r) => ({
      collection: c,
      context: req.context,
      exp: r.exp,
      req,
      token: r.refreshedToken,
    }))
    return refreshResult(after, 'an afterRefresh hook')
  })
  return { token: result.refreshedToken, exp: result.exp, user: result.user }
}

/** A hook's result must still be a refresh result (the answer's contract); anything else is the config's bug. */
function refreshResult(r: unknown, who: string): RefreshResult {
  if (
    !isRecord(r) ||
    typeof r.refreshedToken !== 'string' ||
    typeof r.exp !== 'number' ||
    !isRecord(r.user)
  )
    throw new Error(`${who} returned ${JSON.stringify(r)}, not { exp, refreshedToken, user }.`)
  return { ...r, refreshedToken: r.refreshedToken, exp: r.exp, user: r.user }
}
