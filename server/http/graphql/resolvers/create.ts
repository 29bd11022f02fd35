import { limited } from './scope.ts'
import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const create: GraphQLResolvers['create'] = (r) => async (_s, args, ctx) =>
  limited(ctx, r.collection, args.data, () =>
    ctx.cms.create({
      collection: r.collection,
      data: args.data,
      draft: args.draft,
      ...scope(ctx, args),
    }),
  )
