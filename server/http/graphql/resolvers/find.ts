import { Kind } from 'graphql'
import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

export const find: GraphQLResolvers['find'] = (r) => async (_s, args, ctx, info) =>
  ctx.cms.find({
    collection: r.collection,
    where: args.where,
    limit: args.limit,
    page: args.page,
    pagination: args.pagination,
    sort: args.sort,
    draft: args.draft,
    trash: args.trash,
    ...scope(ctx, args),
    // No count query when the selection reads nothing but the documents.
    count: info.fieldNodes.some((f) =>
      f.selectionSet?.selections.some(
        (s) => s.kind !== Kind.FIELD || !['docs', '__typename'].includes(s.name.value),
      ),
    ),
  })
