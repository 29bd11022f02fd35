import { enumValueName } from '../../../contracts/graphql.ts'
import type { GraphQLResolvers } from './types.ts'

export const access: GraphQLResolvers['access'] = () => async (_s, _args, ctx) => {
  // Every decision as { permission, where } (the REST form's `true` has no GraphQL type), keyed by GraphQL name.
  const results = await ctx.cms.access({ req: ctx.req, raw: true })
  const { collections = {}, globals = {} } = results
  const out: Record<string, unknown> = { canAccessAdmin: results.canAccessAdmin ?? false }
  for (const [slug, p] of [...Object.entries(collections), ...Object.entries(globals)])
    out[enumValueName(slug)] = p
  return out
}
