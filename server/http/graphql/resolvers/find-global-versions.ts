import type { GraphQLResolvers } from './types.ts'
import { scope, versionList } from './scope.ts'

export const findGlobalVersions: GraphQLResolvers['findGlobalVersions'] =
  (r) => async (_s, args, ctx) =>
    ctx.cms.findGlobalVersions({ slug: r.global, ...versionList(args), ...scope(ctx, args) })
