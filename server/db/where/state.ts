import type {
  FlattenedField,
  SanitizedCollection,
  SanitizedConfig,
  Where,
} from '../../config/types.ts'
import { collectionOf } from '../../config/lookup.ts'
import { QueryError } from '../../errors/query-error.ts'
import type { Dialect } from '../dialects/dialect.ts'
import type { Operator } from '../../config/where-operators.ts'
import type { CollectionSchema, Placement } from '../schema.ts'

/** A piece of parameterised SQL: values are always bound, never spliced into the text. */
export interface Compiled {
  sql: string
  bindings: unknown[]
}

/** The bindings of `parts`, in order (a loop: `flatMap` was the where compiler's hottest line, measured). */
export function bindingsOf(parts: readonly Compiled[]): unknown[] {
  if (parts.length === 1) return parts[0].bindings
  const out: unknown[] = []
  for (const p of parts) for (const b of p.bindings) out.push(b)
  return out
}

export interface QueryContext {
  config: SanitizedConfig
  schemas: Map<string, CollectionSchema>
  dialect: Dialect
  /** Locale whose values localized fields are matched and sorted by. */
  locale?: string
  /** Read access of related collections (by slug), ANDed into paths that go through a relationship. */
  relationAccess?: Map<string, true | Where>
}

/** The schema of a collection of the config: every one has one, compiled with the config. */
export function schemaOf(ctx: Pick<QueryContext, 'schemas'>, slug: string): CollectionSchema {
  const schema = ctx.schemas.get(slug)
  if (!schema) throw new Error(`No schema was compiled for collection "${slug}".`)
  return schema
}

/** How a value is compared: drives coercion and the operators allowed. */
/** `uuid`: ids of `db.idType: 'uuid'` collections (a `uuid` column on PostgreSQL; operands checked by coerce). */
export type Kind = 'text' | 'number' | 'boolean' | 'date' | 'id' | 'uuid'

/** One compilation: the table aliases handed out, the distance `near` sorts by, the and/or depth. */
export interface State {
  ctx: QueryContext
  aliasCount: number
  near?: Compiled
  depth: number
  /** Inside a trusted (server-held) where, when above 0: hidden fields may be named. */
  trusted?: number
}

/** Where a path's next segment is looked up: a table's placements, or the fields of a JSON object. */
export type Scope =
  | {
      kind: 'table'
      alias: string
      placements: Map<string, Placement>
      top: boolean
      collection: SanitizedCollection
    }
  | {
      kind: 'object'
      expr: string
      bindings: unknown[]
      fields: FlattenedField[]
      jsonPath: string
      extra?: Map<string, Kind>
    }

/**
 * What a condition tests: the operator `op` with its operand `value`, on the path segments `rest` still to
 * resolve; `path` (the where path as written) names it in errors.
 */
export interface Test {
  rest: string[]
  op: Operator
  value: unknown
  path: string
}

/** A value stored inside JSON: at `jsonPath` of the JSON expression `expr`, whose bindings are `b`. */
export interface InJson {
  expr: string
  b: unknown[]
  jsonPath: string
}

export const VIRTUAL =
  'a virtual field is not stored (its value is computed on read), so it cannot be queried'

export function fail(path: string, message: string): never {
  throw new QueryError([{ path, message }])
}

export function nextAlias(state: State, base: string): string {
  state.aliasCount += 1
  return `${base}${state.aliasCount}`
}

/**
 * A collection joined into a where's subquery under a fresh alias (`base` + a number): its schema, and a top-level
 * scope over its table for the conditions inside the subquery.
 */
export function relatedTable(state: State, slug: string, base: string) {
  const collection = collectionOf(state.ctx.config, slug)
  const schema = schemaOf(state.ctx, collection.slug)
  const alias = nextAlias(state, base)
  const scope = (): Scope => ({
    kind: 'table',
    alias,
    placements: schema.placements,
    top: true,
    collection,
  })
  return { related: collection, schema, alias, scope }
}

/** The JSON path step to the member `name`. */
export const jsonKey = (name: string) => `."${name}"`

/** The locale localized values are read in: the context's, else (none, or `all`) the default one. */
export const localeOf = (ctx: QueryContext): string =>
  ctx.locale && ctx.locale !== 'all'
    ? ctx.locale
    : ctx.config.localization
      ? ctx.config.localization.defaultLocale
      : 'en'
