import type { GraphQLResolvers } from './types.ts'

export const verifyEmail: GraphQLResolvers['verifyEmail'] = (r) => async (_s, args, ctx) =>
  ctx.cms.verifyEmail({ collection: r.collection, token: args.token })
