import { limitedForgot } from '../../../auth/rate-limit.ts'
import type { GraphQLResolvers } from './types.ts'

export const forgotPassword: GraphQLResolvers['forgotPassword'] = (r) => async (_s, args, ctx) => {
  await limitedForgot(ctx.cms, ctx.ip, () =>
    ctx.cms.forgotPassword({
      collection: r.collection,
      data: { email: args.email, username: args.username },
      req: ctx.req,
    }),
  )
  return true
}
