import { tokenless } from './scope.ts'
import type { GraphQLResolvers } from './types.ts'

export const me: GraphQLResolvers['me'] = (r) => async (_s, _args, ctx) =>
  tokenless(
    ctx,
    r,
    await ctx.cms.me({
      collection: r.collection,
      req: ctx.req,
      depth: 0,
      overrideAccess: false,
    }),
  )
