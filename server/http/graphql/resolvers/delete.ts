import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const deleteDocument: GraphQLResolvers['delete'] = (r) => async (_s, args, ctx) =>
  ctx.cms.delete({
    collection: r.collection,
    id: args.id,
    trash: args.trash,
    ...scope(ctx, args),
  })
