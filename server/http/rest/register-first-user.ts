import { tokenCookie } from '../../auth/cookies.ts'
import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { intParam } from '../query.ts'
import { body, collectionOf, withoutToken, type RestHandlers } from './request.ts'

export const registerFirstUser: RestHandlers['registerFirstUser'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const result = await limitedPasswordChange(cms, r.ip, true, r.body, () =>
    cms.registerFirstUser({
      collection: c.slug,
      data: body(r),
      depth: intParam(r.query.depth),
      overrideAccess: false,
      req: r.req,
    }),
  )
  return {
    status: 200,
    body: withoutToken(c, { message: 'Successfully registered first user.', ...result }),
    headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
  }
}
