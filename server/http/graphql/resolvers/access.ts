import { enumValueName } from '../../../contracts/graphql.ts'
import type { GraphQLResolvers } from './types.ts'

/** The caller's permissions: over the whole config (Access), over one document or a global (docAccess). */
export const access = {
  access: () => async (_s, _args, ctx) => {
    // Every decision as { permission, where } (the REST form's `true` has no GraphQL type), keyed by GraphQL name.
    const { collections = {}, globals = {} } = await ctx.cms.access({ req: ctx.req, raw: true })
    const out: Record<string, unknown> = { canAccessAdmin: false }
    for (const [slug, p] of [...Object.entries(collections), ...Object.entries(globals)])
      out[enumValueName(slug)] = p
    return out
  },
  docAccess: (r) => async (_s, args, ctx) =>
    r.global !== undefined
      ? ctx.cms.docAccessGlobal({ slug: r.global, req: ctx.req, raw: true })
      : ctx.cms.docAccess({
          collection: r.collection,
          id: args.id,
          req: ctx.req,
          raw: true,
        }),
} satisfies Pick<GraphQLResolvers, 'access' | 'docAccess'>
