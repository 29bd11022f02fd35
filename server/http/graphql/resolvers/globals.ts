import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

/** A global's read and update. */
export const globals = {
  findGlobal: (r) => async (_s, args, ctx) =>
    ctx.cms.findGlobal({
      slug: r.global,
      draft: args.draft,
      ...scope(ctx, args),
    }),
  updateGlobal: (r) => async (_s, args, ctx) =>
    ctx.cms.updateGlobal({
      slug: r.global,
      data: args.data,
      draft: args.draft,
      autosave: args.autosave,
      ...scope(ctx, args),
    }),
} satisfies Pick<GraphQLResolvers, 'findGlobal' | 'updateGlobal'>
