import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const findByID: GraphQLResolvers['findByID'] = (r) => async (_s, args, ctx) =>
  ctx.cms.findByID({
    collection: r.collection,
    id: args.id,
    draft: args.draft,
    trash: args.trash,
    ...scope(ctx, args),
  })
