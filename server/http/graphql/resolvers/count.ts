import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const count: GraphQLResolvers['count'] = (r) => async (_s, args, ctx) =>
  ctx.cms.count({
    collection: r.collection,
    where: args.where,
    draft: args.draft,
    trash: args.trash,
    ...scope(ctx, args),
  })
