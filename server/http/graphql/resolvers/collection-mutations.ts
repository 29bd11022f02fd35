import { limitedPasswordChange } from '../../../auth/rate-limit.ts'
import type { Ctx } from '../context.ts'
import type { GraphQLResolvers } from './types.ts'
import { scope } from './scope.ts'

/** A write that may set an auth collection's password, under the password-change rate limit. */
const limited = <T>(ctx: Ctx, collection: string, data: unknown, write: () => Promise<T>) =>
  limitedPasswordChange(ctx.cms, ctx.ip, Boolean(ctx.cms.collection(collection).auth), data, write)

/** A collection's writes: create, update, delete, duplicate. */
export const collectionMutations = {
  create: (r) => async (_s, args, ctx) =>
    limited(ctx, r.collection, args.data, () =>
      ctx.cms.create({
        collection: r.collection,
        data: args.data,
        draft: args.draft,
        ...scope(ctx, args),
      }),
    ),
  update: (r) => async (_s, args, ctx) =>
    limited(ctx, r.collection, args.data, () =>
      ctx.cms.update({
        collection: r.collection,
        id: args.id,
        data: args.data,
        draft: args.draft,
        autosave: args.autosave,
        trash: args.trash,
        ...scope(ctx, args),
      }),
    ),
  delete: (r) => async (_s, args, ctx) =>
    ctx.cms.delete({
      collection: r.collection,
      id: args.id,
      trash: args.trash,
      ...scope(ctx, args),
    }),
  duplicate: (r) => async (_s, args, ctx) =>
    limited(ctx, r.collection, args.data, () =>
      ctx.cms.duplicate({
        collection: r.collection,
        id: args.id,
        data: args.data ?? {},
        draft: args.draft,
        trash: args.trash,
        ...scope(ctx, args),
      }),
    ),
} satisfies Pick<GraphQLResolvers, 'create' | 'update' | 'delete' | 'duplicate'>
