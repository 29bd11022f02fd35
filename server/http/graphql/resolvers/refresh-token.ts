import { tokenless } from './scope.ts'
import { sessionOf } from '../../../auth/session.ts'
import type { GraphQLResolvers } from './types.ts'

export const refreshToken: GraphQLResolvers['refreshToken'] = (r) => async (_s, _args, ctx) => {
  const result = await ctx.cms.refreshToken({
    collection: r.collection,
    claims: sessionOf(ctx.req, r.collection).claims,
    depth: 0,
    overrideAccess: false,
    req: ctx.req,
  })
  const out = { exp: result.exp, refreshedToken: result.token, user: result.user }
  return tokenless(ctx, r, out, 'refreshedToken')
}
