import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const updateGlobal: GraphQLResolvers['updateGlobal'] = (r) => async (_s, args, ctx) =>
  ctx.cms.updateGlobal({
    slug: r.global,
    data: args.data,
    draft: args.draft,
    autosave: args.autosave,
    ...scope(ctx, args),
  })
