import { tokenCookie } from '../../auth/cookies.ts'
import { sessionOf } from '../../auth/session.ts'
import { collectionOf, withoutToken, type RestHandlers } from './request.ts'

export const refreshToken: RestHandlers['refreshToken'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const auth = sessionOf(r.req, c.slug)
  const result = await cms.refreshToken({
    collection: c.slug,
    claims: auth.claims,
    overrideAccess: false,
    req: r.req,
  })
  return {
    status: 200,
    body: withoutToken(
      c,
      {
        message: 'Token refresh successful.',
        refreshedToken: result.token,
        exp: result.exp,
        user: result.user,
      },
      'refreshedToken',
    ),
    headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
  }
}
