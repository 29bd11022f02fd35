import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const restoreVersion: GraphQLResolvers['restoreVersion'] = (r) => async (_s, args, ctx) =>
  ctx.cms.restoreVersion({
    collection: r.collection,
    id: args.id,
    draft: args.draft,
    ...scope(ctx, args),
  })
