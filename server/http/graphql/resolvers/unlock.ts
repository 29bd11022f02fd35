import type { GraphQLResolvers } from './types.ts'

export const unlock: GraphQLResolvers['unlock'] = (r) => async (_s, args, ctx) =>
  ctx.cms.unlock({
    collection: r.collection,
    data: { email: args.email },
    overrideAccess: false,
    req: ctx.req,
  })
