import { tokenCookie } from '../../auth/cookies.ts'
import { body, collectionOf, withoutToken, type RestHandlers } from './request.ts'

export const resetPassword: RestHandlers['resetPassword'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const result = await cms.resetPassword({
    collection: c.slug,
    data: body(r) as { token: string; password: string },
    overrideAccess: false,
    req: r.req,
  })
  return {
    status: 200,
    body: withoutToken(c, {
      message: 'Password reset successfully.',
      token: result.token,
      user: result.user,
    }),
    headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
  }
}
