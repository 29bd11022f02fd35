import { sessionOf } from '../../../auth/session.ts'
import type { GraphQLResolvers } from './types.ts'

export const logout: GraphQLResolvers['logout'] = (r) => async (_s, args, ctx) => {
  await ctx.cms.logout({
    collection: r.collection,
    sid: sessionOf(ctx.req, r.collection).claims.sid,
    allSessions: args.allSessions === true,
    req: ctx.req,
  })
  return 'Logout successful.'
}
