import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const findVersionByID: GraphQLResolvers['findVersionByID'] = (r) => async (_s, args, ctx) =>
  ctx.cms.findVersionByID({
    collection: r.collection,
    id: args.id,
    trash: args.trash,
    ...scope(ctx, args),
  })
