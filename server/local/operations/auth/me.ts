import type { CmsRequest } from '../../../config/types.ts'
import { authOf } from '../../../auth/session.ts'
import type { Cms } from '../../cms.ts'
import { authCollection, publicUser, type User } from './shared.ts'

export interface MeResult {
  user: User | null
  collection?: string
  /** How the caller authenticated: `local-jwt`, `api-key` or a custom strategy's name. */
  strategy?: string
  token?: string
  exp?: number
}

/**
 * The caller's account in `collection`: the user (read access ignored: it is the caller), how it authenticated,
 * and the token the request came with and its expiry; `{ user: null }` for an anonymous caller or a user of
 * another collection.
 */
export async function me(
  this: Cms,
  args: { collection: string; req: CmsRequest; depth?: number },
): Promise<MeResult> {
  const c = authCollection(this, args.collection)
  const auth = authOf(args.req)
  if (!args.req.user || args.req.user.collection !== c.slug) return { user: null }
  const user = await publicUser(this, c, Number(args.req.user.id), args.req, args.depth)
  // An API key or a custom strategy has no token: the answer then has no token or exp (as Payload's).
  return {
    user: { ...user, collection: c.slug },
    collection: c.slug,
    ...(auth?.strategy && { strategy: auth.strategy }),
    ...(auth?.claims && { token: auth.token, exp: auth.claims.exp }),
  }
}
