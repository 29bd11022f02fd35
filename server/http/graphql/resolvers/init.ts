import type { GraphQLResolvers } from './types.ts'

export const init: GraphQLResolvers['init'] = (r) => async (_s, _args, ctx) =>
  ctx.cms.initialized({ collection: r.collection })
