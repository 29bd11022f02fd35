import { limited } from './scope.ts'
import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const duplicate: GraphQLResolvers['duplicate'] = (r) => async (_s, args, ctx) =>
  limited(ctx, r.collection, args.data, () =>
    ctx.cms.duplicate({
      collection: r.collection,
      id: args.id,
      data: args.data ?? {},
      draft: args.draft,
      trash: args.trash,
      ...scope(ctx, args),
    }),
  )
