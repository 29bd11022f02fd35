import type { GraphQLResolvers } from './types.ts'
import { scope, versionList } from './scope.ts'

/** The versions of a collection's documents and of a global: their list, one of them, its restore. */
export const versions = {
  findVersions: (r) => async (_s, args, ctx) =>
    ctx.cms.findVersions({
      collection: r.collection,
      ...versionList(args),
      ...scope(ctx, args),
    }),
  findVersionByID: (r) => async (_s, args, ctx) =>
    ctx.cms.findVersionByID({
      collection: r.collection,
      id: args.id,
      disableErrors: true,
      ...scope(ctx, args),
    }),
  restoreVersion: (r) => async (_s, args, ctx) =>
    ctx.cms.restoreVersion({
      collection: r.collection,
      id: args.id,
      draft: args.draft,
      ...scope(ctx, args),
    }),
  findGlobalVersions: (r) => async (_s, args, ctx) =>
    ctx.cms.findGlobalVersions({ slug: r.global, ...versionList(args), ...scope(ctx, args) }),
  findGlobalVersionByID: (r) => async (_s, args, ctx) =>
    ctx.cms.findGlobalVersionByID({
      slug: r.global,
      id: args.id,
      disableErrors: true,
      ...scope(ctx, args),
    }),
  restoreGlobalVersion: (r) => async (_s, args, ctx) =>
    ctx.cms.restoreGlobalVersion({
      slug: r.global,
      id: args.id,
      draft: args.draft,
      ...scope(ctx, args),
    }),
} satisfies Pick<
  GraphQLResolvers,
  | 'findVersions'
  | 'findVersionByID'
  | 'restoreVersion'
  | 'findGlobalVersions'
  | 'findGlobalVersionByID'
  | 'restoreGlobalVersion'
>
