import { tokenless } from './scope.ts'
import { limitedLogin } from '../../../auth/rate-limit.ts'
import type { GraphQLResolvers } from './types.ts'

export const login: GraphQLResolvers['login'] = (r) => async (_s, args, ctx) =>
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
  )
