import { tokenless } from './scope.ts'
import type { GraphQLResolvers } from './types.ts'

export const resetPassword: GraphQLResolvers['resetPassword'] = (r) => async (_s, args, ctx) =>
  tokenless(
    ctx,
    r,
    await ctx.cms.resetPassword({
      collection: r.collection,
      data: { token: args.token, password: args.password },
      depth: 0,
      overrideAccess: false,
    }),
  )
