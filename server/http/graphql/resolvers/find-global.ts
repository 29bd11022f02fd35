import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const findGlobal: GraphQLResolvers['findGlobal'] = (r) => async (_s, args, ctx) =>
  ctx.cms.findGlobal({
    slug: r.global,
    draft: args.draft,
    ...scope(ctx, args),
  })
