import { limitedForgot } from '../../auth/rate-limit.ts'
import { body, type RestHandlers } from './request.ts'

export const forgotPassword: RestHandlers['forgotPassword'] = async (cms, r) => {
  await limitedForgot(cms, r.ip, () =>
    cms.forgotPassword({
      collection: r.meta.collection,
      data: body(r) as { email?: string; username?: string },
      req: r.req,
    }),
  )
  return { status: 200, body: { message: 'Success' } }
}
