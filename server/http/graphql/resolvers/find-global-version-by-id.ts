import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const findGlobalVersionByID: GraphQLResolvers['findGlobalVersionByID'] =
  (r) => async (_s, args, ctx) =>
    ctx.cms.findGlobalVersionByID({
      slug: r.global,
      id: args.id,
      disableErrors: true,
      ...scope(ctx, args),
    })
