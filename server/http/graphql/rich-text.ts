import DataLoader from 'dataloader'
import { GraphQLObjectType, type GraphQLSchema } from 'graphql'
import type { FlattenedField } from '../../config/types.ts'
import type { GraphQLPlan } from '../../contracts/graphql.ts'
import { populateRichTexts } from '../../local/populate-richtext.ts'
import type { Ctx } from './context.ts'
import { guard } from './errors.ts'
import { scopeOf } from './loaders.ts'

type Log = (e: unknown) => void

/** Per operation: one loader per rich-text field, depth and read scope. */
const loaders = new WeakMap<Ctx, Map<FlattenedField, Map<string, DataLoader<unknown, unknown>>>>()

/**
 * The loader of a field's values at one depth: every value of the field resolved in one tick (the documents of a
 * list, the rows of an array) is populated in one batch, so a level costs one statement per related collection.
 */
function loaderFor(ctx: Ctx, field: FlattenedField, depth: number | undefined) {
  let byField = loaders.get(ctx)
  if (!byField) loaders.set(ctx, (byField = new Map()))
  let byKey = byField.get(field)
  if (!byKey) byField.set(field, (byKey = new Map()))
  const scope = scopeOf(ctx, undefined)
  const key = JSON.stringify([depth, scope.locale, scope.fallbackLocale, scope.trash])
  let loader = byKey.get(key)
  if (!loader) {
    loader = new DataLoader<unknown, unknown>(
      (values) =>
        populateRichTexts(ctx.cms, ctx.req, {
          field,
          values: [...values],
          depth,
          locale: scope.locale,
          fallbackLocale: scope.fallbackLocale,
          trash: scope.trash,
        }),
      // Values are objects: two equal-looking values are still two places in the answer.
      { cache: false },
    )
    byKey.set(key, loader)
  }
  return loader
}

/** Rich-text fields: their JSON populated to the field's `depth` argument (default the config's defaultDepth). */
export function resolveRichTexts(schema: GraphQLSchema, plan: GraphQLPlan, log: Log): void {
  for (const { type, field } of plan.richTexts) {
    const object = schema.getType(type)
    if (!(object instanceof GraphQLObjectType)) continue
    const own = object.getFields()[field.name]
    if (!own) continue
    own.resolve = guard<{ depth?: number | null }, Record<string, unknown>>(
      async (source, args, ctx) => {
        const value = source[field.name]
        if (value === null || value === undefined) return null
        return loaderFor(ctx, field, args.depth ?? undefined).load(value)
      },
      log,
    )
  }
}
