import type { GraphQLResolvers } from './types.ts'
import { scope, versionList } from './scope.ts'

export const findVersions: GraphQLResolvers['findVersions'] = (r) => async (_s, args, ctx) =>
  ctx.cms.findVersions({
    collection: r.collection,
    ...versionList(args),
    trash: args.trash,
    ...scope(ctx, args),
  })
