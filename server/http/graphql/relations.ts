import { GraphQLObjectType, GraphQLUnionType, type GraphQLSchema } from 'graphql'
import type { ID } from '../../config/types.ts'
import type { GraphQLPlan } from '../../contracts/graphql.ts'
import { guard } from './errors.ts'
import { idOf, loaderFor, placed, scopeOf } from './loaders.ts'

type Relation = GraphQLPlan['relations'][number]
type Log = (e: unknown) => void
/** Where a polymorphic relation's `{ relationTo, value }` object carries its field's arguments. */
const SCOPE = Symbol('relation arguments')
/** The parent of a polymorphic relation's `value`. */
interface Polymorphic {
  relationTo: string
  value: unknown
  [SCOPE]?: Record<string, unknown>
}

/** Unions: blocks by their blockType, polymorphic relations by the collection the value came from. */
export function resolveUnions(schema: GraphQLSchema, plan: GraphQLPlan): void {
  for (const [name, union] of plan.unions) {
    const type = schema.getType(name)
    if (!(type instanceof GraphQLUnionType)) continue
    type.resolveType = (v: Record<string, unknown>) =>
      union.by === 'blockType'
        ? union.members.get(String(v.blockType))
        : union.members.get(String(v.__collection))
  }
}

/** Relationship fields: ids → documents, batched per collection per level. */
export function resolveRelations(schema: GraphQLSchema, plan: GraphQLPlan, log: Log): void {
  for (const rel of plan.relations) {
    const type = schema.getType(rel.type)
    if (!(type instanceof GraphQLObjectType)) continue
    const field = type.getFields()[rel.field]
    if (!field) continue
    if (Array.isArray(rel.relationTo)) {
      resolveHolder(schema, rel)
      field.resolve = polymorphicValue(log)
    } else field.resolve = related(rel, rel.relationTo, log)
  }
}

/** The polymorphic field itself takes the arguments; it hands them to its `{ relationTo, value }` objects. */
function resolveHolder(schema: GraphQLSchema, rel: Relation): void {
  const holder = rel.holder
  const type = holder && schema.getType(holder.type)
  const own =
    holder && type instanceof GraphQLObjectType ? type.getFields()[holder.field] : undefined
  if (holder && own)
    own.resolve = (source: Record<string, unknown>, args) => {
      const value = source[holder.field]
      const tag = (v: unknown) => (v && typeof v === 'object' ? { ...v, [SCOPE]: args } : v)
      return Array.isArray(value) ? value.map(tag) : tag(value)
    }
}

/** `value` of a polymorphic relation: the parent object is `{ relationTo, value }`. */
const polymorphicValue = (log: Log) =>
  guard<Record<string, unknown>, Polymorphic>(async (s, _args, ctx) => {
    const id = idOf(s.value)
    if (id === undefined) return null
    const doc = await loaderFor(ctx, s.relationTo, scopeOf(ctx, s[SCOPE])).load(id)
    return doc ? { ...placed(ctx, [doc])[0], __collection: s.relationTo } : null
  }, log)

/** A relationship to one collection: its id, or its ids (hasMany), loaded with the field's read scope. */
const related = (rel: Relation, slug: string, log: Log) =>
  guard<Record<string, unknown>, Record<string, unknown>>(async (source, args, ctx) => {
    const value = source[rel.field]
    if (value === null || value === undefined) return null
    const loader = loaderFor(ctx, slug, scopeOf(ctx, args))
    if (rel.hasMany) {
      const ids = (Array.isArray(value) ? value : [])
        .map(idOf)
        .filter((id): id is ID => id !== undefined)
      return placed(
        ctx,
        (await loader.loadMany(ids)).filter(
          (d): d is Record<string, unknown> => Boolean(d) && !(d instanceof Error),
        ),
      )
    }
    const id = idOf(value)
    const doc = id === undefined ? null : await loader.load(id)
    return doc && placed(ctx, [doc])[0]
  }, log)
