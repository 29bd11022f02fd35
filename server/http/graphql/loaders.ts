import DataLoader from 'dataloader'
import type { ID } from '../../config/types.ts'
import { APIError } from '../../errors/api-error.ts'
import { budgetOf, jsonSize } from '../../local/budget.ts'
import type { Ctx } from './context.ts'

/**
 * Relationship fields resolve to documents only when selected, through per-request DataLoaders: one query per
 * related collection (and read scope) per level, whatever the number of documents.
 */

/** A document id (serial and custom number ids are numbers, text and UUID ids strings). */
export const isId = (v: unknown): v is ID => typeof v === 'number' || typeof v === 'string'

/** The id a relationship value holds: the id itself, or a populated document's. */
export const idOf = (v: unknown): ID | undefined =>
  isId(v) ? v : v && typeof v === 'object' && 'id' in v && isId(v.id) ? v.id : undefined

/** What a relationship field reads its documents as: its own arguments, else the root field's locale. */
export interface ReadScope {
  locale?: string
  fallbackLocale?: string
  draft?: boolean
  /** The root field read with `trash: true`: its relations populate trashed documents too (as Local). */
  trash?: boolean
}

export function scopeOf(ctx: Ctx, args: Record<string, unknown> | undefined): ReadScope {
  return {
    locale: typeof args?.locale === 'string' ? args.locale : ctx.locale,
    fallbackLocale:
      typeof args?.fallbackLocale === 'string' ? args.fallbackLocale : ctx.fallbackLocale,
    draft: typeof args?.draft === 'boolean' ? args.draft : undefined,
    trash: ctx.trash === true,
  }
}

/** One loader per related collection and read scope: documents of one scope load in one batch. */
export function loaderFor(
  ctx: Ctx,
  slug: string,
  scope: ReadScope = scopeOf(ctx, undefined),
): DataLoader<ID, Record<string, unknown> | null> {
  const key = JSON.stringify([slug, scope.locale, scope.fallbackLocale, scope.draft, scope.trash])
  let loader = ctx.loaders.get(key)
  if (!loader) {
    // A batch is one `id in (…)` list query, at most `maxLimit` ids (the bound of callers' unpaginated lists).
    loader = new DataLoader(
      async (ids) => {
        // One query for every id this level asks for; documents the caller may not read come back null.
        let docs: Record<string, unknown>[]
        try {
          docs = (
            await ctx.cms.find({
              collection: slug,
              where: { id: { in: [...ids] } },
              limit: 0,
              depth: 0,
              // Join fields are resolved by their own resolvers, with their arguments.
              joins: false,
              // As REST and Local population: a related document in the trash reads as absent (null, or left
              // out of a hasMany list) unless the root field asked for the trash.
              trash: scope.trash,
              overrideAccess: false,
              // A copy (same user, budget and transaction): the Local call sets the locale on the request it
              // gets, and loaders of other locales run beside this one.
              req: { ...ctx.req },
              locale: scope.locale,
              fallbackLocale: scope.fallbackLocale,
              draft: scope.draft,
            })
          ).docs
        } catch (error) {
          if (error instanceof APIError && (error.status === 401 || error.status === 403))
            return ids.map(() => null)
          throw error
        }
        const byId = new Map<unknown, (typeof docs)[number]>(docs.map((d) => [d.id, d]))
        return ids.map((id) => byId.get(id) ?? null)
      },
      { maxBatchSize: ctx.cms.config.maxLimit },
    )
    ctx.loaders.set(key, loader)
  }
  return loader
}

/** Related documents about to go into the answer, charged to the request's population budget. */
export function placed(ctx: Ctx, docs: Record<string, unknown>[]): Record<string, unknown>[] {
  const budget = budgetOf(ctx.req, false)
  if (budget && docs.length)
    budget.chargeDocs(
      docs.length,
      docs.reduce((n, d) => n + jsonSize(d), 0),
    )
  return docs
}
