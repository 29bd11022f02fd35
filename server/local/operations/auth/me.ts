import type { CmsRequest } from '../../../config/types.ts'
import type { Select } from '../../../config/local-api.ts'
import { authOf } from '../../../auth/session.ts'
import type { Cms } from '../../cms.ts'
import { authCollection, runAuthHooks, userAnswer, type User } from './shared.ts'

export interface MeResult {
  user: User | null
  collection?: string
  /** How the caller authenticated: `local-jwt`, `api-key` or a custom strategy's name. */
  strategy?: string
  token?: string
  exp?: number
}

/**
 * The caller's account in `collection`: the user (as `userAnswer` shows it: with `overrideAccess: false`, the
 * fields the caller may not read are left out), how it authenticated,
 * and the token the request came with and its expiry (none for an API key or a custom strategy, as Payload's);
 * `{ user: null }` for an anonymous caller or a user of another collection. As Payload: the first `me` hook
 * returning `{ user, exp? }` replaces the user (and the answer carries no token), and the `afterMe` hooks may
 * replace the answer (they do not run for a user of another collection).
 */
export async function me(
  this: Cms,
  args: {
    collection: string
    req: CmsRequest
    depth?: number
    overrideAccess?: boolean
    /** Fields of the user to answer, as a read's `select` (`id` always stays). */
    select?: Select
  },
): Promise<MeResult> {
  const c = authCollection(this, args.collection)
  const { req } = args
  const auth = authOf(req)
  let result: MeResult = { user: null }
  if (req.user) {
    if (req.user.collection !== c.slug) return { user: null }
    const user = { ...(await userAnswer(this, c, Number(req.user.id), req, args)) }
    user.collection = c.slug
    let replaced: { user: Record<string, unknown>; exp?: number } | undefined
    for (const hook of c.hooks.me) {
      const r = await hook({ args, user })
      if (r) {
        replaced = r
        break
      }
    }
    const strategy = auth?.strategy ? { strategy: auth.strategy } : {}
    result = replaced
      ? // The hook's answer replaces the account: no token, and no strategy (Payload's shape).
        { user: replaced.user as User, collection: c.slug, exp: replaced.exp }
      : {
          user,
          collection: c.slug,
          ...strategy,
          ...(auth?.claims && { token: auth.token, exp: auth.claims.exp }),
        }
  }
  return runAuthHooks(c.hooks.afterMe, result, (response) => ({
    collection: c,
    context: req.context,
    req,
    response,
  }))
}
