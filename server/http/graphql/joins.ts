import { isId } from '../../local/populate.ts'
import DataLoader from 'dataloader'
import { GraphQLObjectType, type GraphQLSchema } from 'graphql'
import type { ID, Where } from '../../config/types.ts'
import type { GraphQLPlan } from '../../contracts/graphql.ts'
import { accessResult } from '../../local/access.ts'
import type { Cms } from '../../local/cms.ts'
import { checkJoins, joinedPages, type JoinValue } from '../../local/joins.ts'
import type { Ctx } from './context.ts'
import { guard } from './errors.ts'
import { loaderFor, placed } from './loaders.ts'

type Join = GraphQLPlan['joins'][number]
type JoinOptions = NonNullable<Parameters<typeof joinedPages>[5]>
/** A join field's arguments, as the SDL declares them (each may be given as null). */
interface JoinArgs {
  where?: Where | null
  limit?: number | null
  page?: number | null
  sort?: string | null
  count?: boolean | null
}

/** The document id a join field of `source` belongs to: its own, or the one its group objects carry. */
const JOIN_PARENT = Symbol('join parent')
const parentIdOf = (source: Record<string | symbol, unknown>): ID | undefined => {
  const id = source[JOIN_PARENT] ?? source.id
  return isId(id) ? id : undefined
}

const objectField = (schema: GraphQLSchema, type: string, field: string) => {
  const t = schema.getType(type)
  return t instanceof GraphQLObjectType ? t.getFields()[field] : undefined
}

/** Groups holding join fields hand the document's id down to them. */
export function resolveJoinGroups(schema: GraphQLSchema, plan: GraphQLPlan): void {
  for (const g of plan.joinGroups) {
    const field = objectField(schema, g.type, g.field)
    if (!field) continue
    field.resolve = (source: Record<string, unknown>) => {
      const value = source[g.field]
      const id = parentIdOf(source)
      if (value && typeof value === 'object' && id !== undefined)
        Object.defineProperty(value, JOIN_PARENT, { value: id, configurable: true })
      return value
    }
  }
}

/**
 * Join fields: one page per parent with the field's arguments, batched over a level's parents (one statement),
 * then the page's documents through the collection's loader.
 */
export function resolveJoins(
  cms: Cms,
  schema: GraphQLSchema,
  plan: GraphQLPlan,
  log: (e: unknown) => void,
): void {
  for (const j of plan.joins) {
    const field = objectField(schema, j.type, j.field)
    if (!field) continue
    const collection = cms.collection(j.collection)
    const join = collection.joins.find((x) => x.path === j.path)
    if (!join) continue
    const target = cms.collection(join.field.collection)
    field.resolve = guard<JoinArgs, Record<string | symbol, unknown>>(async (source, args, ctx) => {
      const id = parentIdOf(source)
      if (id === undefined) return null
      const access = await accessResult(target.access.read, { req: ctx.req }, false)
      if (access === false) return null
      const options = {
        where: args.where ?? undefined,
        limit: args.limit ?? undefined,
        page: args.page ?? undefined,
        sort: args.sort ?? undefined,
        count: args.count ?? undefined,
      }
      const checked = checkJoins(cms, collection, { [j.path]: options }) as Record<
        string,
        JoinOptions
      >
      const page = await joinLoader(ctx, j, options, cms.config.maxLimit, (ids) =>
        joinedPages(cms, collection, target, join, ids, checked[j.path], {
          req: ctx.req,
          access,
          overrideAccess: false,
        }),
      ).load(id)
      const docs = (await loaderFor(ctx, target.slug).loadMany(page.docs.filter(isId))).filter(
        (d): d is Record<string, unknown> => Boolean(d) && !(d instanceof Error),
      )
      return { ...page, docs: placed(ctx, docs) }
    }, log)
  }
}

/** One loader per join field, arguments and locale: the pages of a level's parents in one batch. */
function joinLoader(
  ctx: Ctx,
  j: Join,
  options: { count?: boolean },
  maxBatchSize: number,
  pagesOf: (ids: ID[]) => Promise<Map<ID, JoinValue>>,
): DataLoader<ID, JoinValue> {
  const key = `${j.collection}.${j.path}:${JSON.stringify(options)}:${ctx.locale ?? ''}`
  ctx.joinLoaders ??= new Map()
  let loader = ctx.joinLoaders.get(key)
  if (!loader) {
    loader = new DataLoader<ID, JoinValue>(
      async (ids) => {
        const pages = await pagesOf([...ids])
        return ids.map(
          (pid) =>
            pages.get(pid) ?? {
              docs: [],
              hasNextPage: false,
              ...(options.count ? { totalDocs: 0 } : {}),
            },
        )
      },
      { maxBatchSize },
    )
    ctx.joinLoaders.set(key, loader)
  }
  return loader
}
