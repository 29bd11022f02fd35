import { limited } from './scope.ts'
import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const update: GraphQLResolvers['update'] = (r) => async (_s, args, ctx) =>
  limited(ctx, r.collection, args.data, () =>
    ctx.cms.update({
      collection: r.collection,
      id: args.id,
      data: args.data,
      draft: args.draft,
      autosave: args.autosave,
      trash: args.trash,
      ...scope(ctx, args),
    }),
  )
