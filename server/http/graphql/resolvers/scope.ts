import { limitedPasswordChange } from '../../../auth/rate-limit.ts'
import type { Ctx } from '../context.ts'
import type { CollectionRoot, ListArgs, LocaleArgs } from './types.ts'

/**
 * The options every root field's Local call shares: the locale it names (kept on the context for the relationship
 * fields below it), access applied, no population (relationship and join fields resolve themselves).
 */
export const scope = (ctx: Ctx, args: LocaleArgs) => {
  if (typeof args.locale === 'string') ctx.locale = args.locale
  if (typeof args.fallbackLocale === 'string') ctx.fallbackLocale = args.fallbackLocale
  if ((args as { trash?: unknown }).trash === true) ctx.trash = true
  // Root fields run concurrently and a Local call sets its locale on the `req` it is given: a root naming its own
  // locale gets its own copy of the request (the same user, budget and context), so `es: Post(locale: es)` and
  // `en: Post(locale: en)` in one query each read theirs.
  const own = args.locale !== undefined || args.fallbackLocale !== undefined
  return {
    locale: ctx.locale,
    fallbackLocale: ctx.fallbackLocale,
    overrideAccess: false,
    req: own ? { ...ctx.req } : ctx.req,
    depth: 0,
    // Join fields are resolved by their own resolvers, with their arguments.
    joins: false as const,
  }
}

/** A list's arguments, as a Local list call takes them. */
export const versionList = (args: ListArgs) => ({
  where: args.where,
  limit: args.limit,
  page: args.page,
  pagination: args.pagination,
  sort: args.sort,
})

/** A write that may set an auth collection's password, under the password-change rate limit. */
export const limited = <T>(ctx: Ctx, collection: string, data: unknown, write: () => Promise<T>) =>
  limitedPasswordChange(ctx.cms, ctx.ip, Boolean(ctx.cms.collection(collection).auth), data, write)

/** `auth.removeTokenFromResponses`: the answer's token is null (as REST leaves it out). */
export function tokenless<T extends object>(
  ctx: Ctx,
  r: CollectionRoot,
  result: T,
  key = 'token',
): T {
  const auth = ctx.cms.collection(r.collection).auth
  return auth && auth.removeTokenFromResponses ? { ...result, [key]: null } : result
}
