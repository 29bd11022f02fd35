import type { CmsRequest } from '../config/types.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import type { TokenClaims } from './tokens.ts'

/**
 * What the HTTP layers put on `req.auth` for an authenticated request: how (`local-jwt`, `api-key` or a custom
 * strategy's name) and, for a token, the token and its claims.
 */
export interface RequestAuth {
  strategy?: string
  claims?: TokenClaims
  token?: string
}
export type SessionAuth = Required<Pick<RequestAuth, 'claims' | 'token'>> & RequestAuth

export const authOf = (req: CmsRequest): RequestAuth | undefined =>
  req.auth as RequestAuth | undefined

/** The caller's session in auth collection `collection` (logout, refresh): 401 without one, 403 for another collection's. */
export function sessionOf(req: CmsRequest, collection: string): SessionAuth {
  const auth = authOf(req)
  if (!req.user || !auth) throw new Unauthorized('No user is logged in.')
  if (!hasSession(auth))
    throw new Forbidden(
      `This request is authenticated by ${auth.strategy === 'api-key' ? 'an API key' : `the "${auth.strategy}" strategy`}, which has no session; only a token from login has one.`,
    )
  if (auth.claims.collection !== collection)
    throw new Forbidden('This token belongs to another collection.')
  return auth
}

const hasSession = (auth: RequestAuth): auth is SessionAuth => Boolean(auth.claims && auth.token)
