import type { CmsRequest } from '../config/types.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import type { TokenClaims } from './tokens.ts'

/** What the HTTP layers put on `req.auth` for a request with a valid token. */
export interface RequestAuth {
  claims: TokenClaims
  token: string
}

export const authOf = (req: CmsRequest): RequestAuth | undefined =>
  req.auth as RequestAuth | undefined

/** The caller's session in auth collection `collection` (logout, refresh): 401 without one, 403 for another collection's. */
export function sessionOf(req: CmsRequest, collection: string): RequestAuth {
  const auth = authOf(req)
  if (!req.user || !auth) throw new Unauthorized('No user is logged in.')
  if (auth.claims.collection !== collection)
    throw new Forbidden('This token belongs to another collection.')
  return auth
}
