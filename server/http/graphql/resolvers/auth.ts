import { limitedForgot, limitedLogin } from '../../../auth/rate-limit.ts'
import { sessionOf } from '../../../auth/session.ts'
import type { Ctx } from '../context.ts'
import type { CollectionRoot, GraphQLResolvers } from './types.ts'

/** `auth.removeTokenFromResponses`: the answer's token is null (as REST leaves it out). */
function tokenless<T extends object>(ctx: Ctx, r: CollectionRoot, result: T, key = 'token'): T {
  const auth = ctx.cms.collection(r.collection).auth
  return auth && auth.removeTokenFromResponses ? { ...result, [key]: null } : result
}

/** An auth collection's session: the current user, login, token refresh, logout. */
export const sessions = {
  me: (r) => async (_s, _args, ctx) =>
    tokenless(
      ctx,
      r,
      await ctx.cms.me({
        collection: r.collection,
        req: ctx.req,
        depth: 0,
        overrideAccess: false,
      }),
    ),
  login: (r) => async (_s, args, ctx) =>
    tokenless(
      ctx,
      r,
      await limitedLogin(ctx.cms, ctx.ip, () =>
        ctx.cms.login({
          collection: r.collection,
          data: { email: args.email, username: args.username, password: args.password },
          depth: 0,
          overrideAccess: false,
          // A copy: the login sets its req.user, which must not reach the other fields of the operation.
          req: { ...ctx.req },
        }),
      ),
    ),
  refreshToken: (r) => async (_s, _args, ctx) => {
    const result = await ctx.cms.refreshToken({
      collection: r.collection,
      claims: sessionOf(ctx.req, r.collection).claims,
      depth: 0,
      overrideAccess: false,
      req: ctx.req,
    })
    const out = { exp: result.exp, refreshedToken: result.token, user: result.user }
    return tokenless(ctx, r, out, 'refreshedToken')
  },
  logout: (r) => async (_s, args, ctx) => {
    await ctx.cms.logout({
      collection: r.collection,
      sid: sessionOf(ctx.req, r.collection).claims.sid,
      allSessions: args.allSessions === true,
      req: ctx.req,
    })
    return 'Logout successful.'
  },
} satisfies Pick<GraphQLResolvers, 'me' | 'login' | 'refreshToken' | 'logout'>

/** An auth collection's account operations: forgotten and reset passwords, verification, unlock, first user. */
export const accounts = {
  forgotPassword: (r) => async (_s, args, ctx) => {
    await limitedForgot(ctx.cms, ctx.ip, () =>
      ctx.cms.forgotPassword({
        collection: r.collection,
        data: { email: args.email, username: args.username },
        req: ctx.req,
      }),
    )
    return true
  },
  resetPassword: (r) => async (_s, args, ctx) =>
    tokenless(
      ctx,
      r,
      await ctx.cms.resetPassword({
        collection: r.collection,
        data: { token: args.token, password: args.password },
        depth: 0,
        overrideAccess: false,
      }),
    ),
  verifyEmail: (r) => async (_s, args, ctx) =>
    ctx.cms.verifyEmail({ collection: r.collection, token: args.token }),
  unlock: (r) => async (_s, args, ctx) =>
    ctx.cms.unlock({
      collection: r.collection,
      data: { email: args.email },
      overrideAccess: false,
      req: ctx.req,
    }),
  init: (r) => async (_s, _args, ctx) => ctx.cms.initialized({ collection: r.collection }),
} satisfies Pick<
  GraphQLResolvers,
  'forgotPassword' | 'resetPassword' | 'verifyEmail' | 'unlock' | 'init'
>
