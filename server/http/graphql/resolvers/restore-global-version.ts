import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const restoreGlobalVersion: GraphQLResolvers['restoreGlobalVersion'] =
  (r) => async (_s, args, ctx) =>
    ctx.cms.restoreGlobalVersion({
      slug: r.global,
      id: args.id,
      draft: args.draft,
      ...scope(ctx, args),
    })
