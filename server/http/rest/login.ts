import { tokenCookie } from '../../auth/cookies.ts'
import { limitedLogin } from '../../auth/rate-limit.ts'
import { intParam } from '../query.ts'
import { body, collectionOf, withoutToken, type RestHandlers } from './request.ts'

export const login: RestHandlers['login'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const result = await limitedLogin(cms, r.ip, () =>
    cms.login({
      collection: c.slug,
      data: body(r) as { email?: string; username?: string; password: string },
      depth: intParam(r.query.depth),
      overrideAccess: false,
      req: r.req,
    }),
  )
  return {
    status: 200,
    body: withoutToken(c, { message: 'Authentication Passed', ...result }),
    headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
  }
}
