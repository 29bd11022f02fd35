import type { GraphQLResolvers } from './types.ts'

export const docAccess: GraphQLResolvers['docAccess'] = (r) => async (_s, args, ctx) =>
  r.global !== undefined
    ? ctx.cms.docAccessGlobal({ slug: r.global, req: ctx.req, raw: true })
    : ctx.cms.docAccess({
        collection: r.collection,
        id: args.id,
        req: ctx.req,
        raw: true,
      })
