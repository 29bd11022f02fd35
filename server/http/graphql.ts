import DataLoader from 'dataloader'
import {
  buildSchema, GraphQLEnumType, GraphQLError, GraphQLObjectType, GraphQLUnionType, Kind,
  type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type GraphQLFieldResolver, type GraphQLSchema,
  type SelectionSetNode, type ValidationContext, type ValidationRule,
} from 'graphql'
import { createHandler } from 'graphql-http'
import type { Logger } from 'pino'
import { limitedForgot, limitedLogin } from '../auth/rate-limit.ts'
import { authOf, sessionOf } from '../auth/session.ts'
import type { CmsRequest, Where } from '../config/types.ts'
import { compileGraphQL, type GraphQLPlan } from '../contracts/graphql.ts'
import { APIError } from '../errors/api-error.ts'
import type { Cms } from '../local/cms.ts'
import type { GraphQLContext } from './graphql-context.ts'

/**
 * GraphQL at `<api><routes.graphQL>`: the SDL compiled from the config (the committed contract for the example),
 * executed over the Local layer with access control always applied (`req.user` resolved as for REST).
 * Relationship fields resolve to documents only when selected, through per-request DataLoaders: one query
 * per related collection per level, whatever the number of documents. Query depth and complexity are
 * limited (`graphQL.maxDepth`, `graphQL.maxComplexity`); errors carry `extensions.code` and never a stack.
 */

type Ctx = GraphQLContext & { loaders: Map<string, DataLoader<number, Record<string, unknown> | null>>; locale?: string; fallbackLocale?: string; draft?: boolean; ip: string }
type Resolver = GraphQLFieldResolver<unknown, Ctx, Record<string, unknown>>

const CODES: Record<number, string> = { 400: 'BAD_USER_INPUT', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 429: 'TOO_MANY_REQUESTS' }

/** Any error → a GraphQL error with a code; internal ones masked (and logged by the caller). */
function toGraphQLError(error: unknown, log: (e: unknown) => void): GraphQLError {
  if (error instanceof GraphQLError) return error
  if (error instanceof APIError && error.expose) {
    return new GraphQLError(error.message, { extensions: { code: CODES[error.status] ?? 'BAD_REQUEST', status: error.status, ...(error.data !== undefined ? { data: error.data } : {}) } })
  }
  log(error)
  return new GraphQLError('Something went wrong.', { extensions: { code: 'INTERNAL_SERVER_ERROR', status: 500 } })
}

function guard(fn: Resolver, log: (e: unknown) => void): Resolver {
  return async (source, args, ctx, info) => {
    try {
      return await fn(source, args, ctx, info)
    } catch (error) {
      throw toGraphQLError(error, log)
    }
  }
}

function loaderFor(ctx: Ctx, slug: string): DataLoader<number, Record<string, unknown> | null> {
  let loader = ctx.loaders.get(slug)
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      // One query for every id this level asks for; documents the caller may not read come back null.
      let docs: Record<string, unknown>[]
      try {
        docs = (await ctx.cms.find({ collection: slug, where: { id: { in: [...ids] } }, limit: 0, depth: 0, overrideAccess: false, req: ctx.req, locale: ctx.locale, fallbackLocale: ctx.fallbackLocale })).docs
      } catch (error) {
        if (error instanceof APIError && (error.status === 401 || error.status === 403)) return ids.map(() => null)
        throw error
      }
      const byId = new Map(docs.map((d) => [d.id as number, d as Record<string, unknown>]))
      return ids.map((id) => byId.get(id) ?? null)
    })
    ctx.loaders.set(slug, loader)
  }
  return loader
}

const idOf = (v: unknown): number | undefined => (typeof v === 'number' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' ? (v as { id: number }).id : undefined)

/** Puts stored option values on the schema's enums, so `long-read` goes out and comes in as `long_read`. */
function mapEnums(schema: GraphQLSchema, plan: GraphQLPlan): void {
  for (const [name, values] of plan.enums) {
    const type = schema.getType(name)
    if (!(type instanceof GraphQLEnumType)) continue
    for (const v of type.getValues()) v.value = values.get(v.name) ?? v.name
    // graphql-js looks values up through a map built at construction; rebuild it for the new values.
    ;(type as unknown as { _valueLookup: Map<unknown, unknown> })._valueLookup = new Map(type.getValues().map((v) => [v.value, v]))
  }
}

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
  return fragments
}

/** Depth of the deepest field path of an operation (fragments expanded). */
function depthRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context)
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0
      let deepest = 0
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) deepest = Math.max(deepest, sel.name.value.startsWith('__') ? 0 : 1 + depthOf(sel.selectionSet, seen))
        else if (sel.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(sel.selectionSet, seen))
        else if (!seen.has(sel.name.value)) deepest = Math.max(deepest, depthOf(fragments.get(sel.name.value)?.selectionSet, new Set([...seen, sel.name.value])))
      }
      return deepest
    }
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set())
        if (depth > max) context.reportError(new GraphQLError(`Query depth ${depth} exceeds the maximum of ${max}.`, { nodes: [node], extensions: { code: 'QUERY_TOO_DEEP' } }))
      },
    }
  }
}

/**
 * Complexity: every selected field costs 1; a field with a `limit` argument multiplies what is below it by the
 * limit, and a collection list without one (`Posts { … }`) by 10, its default page size.
 */
function complexityRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context)
    const costOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0
      let total = 0
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          const limitArg = (sel as FieldNode).arguments?.find((a) => a.name.value === 'limit')
          const limit = limitArg?.value.kind === Kind.INT ? Number(limitArg.value.value) : undefined
          const inner = costOf(sel.selectionSet, seen)
          const factor = sel.selectionSet ? (limit !== undefined ? Math.max(1, limit) : sel.name.value.match(/^[A-Z]/) ? 10 : 1) : 1
          total += 1 + factor * inner
        } else if (sel.kind === Kind.INLINE_FRAGMENT) total += costOf(sel.selectionSet, seen)
        else if (!seen.has(sel.name.value)) total += costOf(fragments.get(sel.name.value)?.selectionSet, new Set([...seen, sel.name.value]))
      }
      return total
    }
    return {
      OperationDefinition(node) {
        const cost = costOf(node.selectionSet, new Set())
        if (cost > max) context.reportError(new GraphQLError(`Query complexity ${cost} exceeds the maximum of ${max}.`, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } }))
      },
    }
  }
}

export function buildExecutableSchema(cms: Cms, log: (e: unknown) => void): GraphQLSchema {
  const { sdl, plan } = compileGraphQL(cms.config)
  const schema = buildSchema(sdl)
  mapEnums(schema, plan)

  // Unions: blocks by their blockType, polymorphic relations by the collection the value came from.
  for (const [name, union] of plan.unions) {
    const type = schema.getType(name)
    if (!(type instanceof GraphQLUnionType)) continue
    type.resolveType = (value) => {
      const v = value as Record<string, unknown>
      return union.by === 'blockType' ? union.members.get(String(v.blockType)) : union.members.get(String(v.__collection))
    }
  }

  // Relationship fields: ids → documents, batched per collection per level.
  for (const rel of plan.relations) {
    const type = schema.getType(rel.type)
    if (!(type instanceof GraphQLObjectType)) continue
    const field = type.getFields()[rel.field]
    if (!field) continue
    if (Array.isArray(rel.relationTo)) {
      // `value` of a polymorphic relation: the parent object is `{ relationTo, value }`.
      field.resolve = guard(async (source, _args, ctx) => {
        const s = source as { relationTo: string; value: unknown }
        const id = idOf(s.value)
        if (id === undefined) return null
        const doc = await loaderFor(ctx, s.relationTo).load(id)
        return doc ? { ...doc, __collection: s.relationTo } : null
      }, log)
      continue
    }
    const slug = rel.relationTo
    field.resolve = guard(async (source, _args, ctx) => {
      const value = (source as Record<string, unknown>)[rel.field]
      if (value === null || value === undefined) return null
      if (rel.hasMany) {
        const ids = (Array.isArray(value) ? value : []).map(idOf).filter((id): id is number => id !== undefined)
        return (await loaderFor(ctx, slug).loadMany(ids)).filter((d) => d && !(d instanceof Error))
      }
      const id = idOf(value)
      return id === undefined ? null : loaderFor(ctx, slug).load(id)
    }, log)
  }

  const query = schema.getQueryType()!.getFields()
  const mutation = schema.getMutationType()?.getFields() ?? {}
  const scope = (ctx: Ctx, args: Record<string, unknown>) => {
    if (typeof args.locale === 'string') ctx.locale = args.locale
    if (typeof args.fallbackLocale === 'string') ctx.fallbackLocale = args.fallbackLocale
    return { locale: ctx.locale, fallbackLocale: ctx.fallbackLocale, overrideAccess: false, req: ctx.req, depth: 0 }
  }
  const kinds: Record<string, (root: GraphQLPlan['roots'][number]) => Resolver> = {
    findByID: (r) => async (_s, args, ctx) => ctx.cms.findByID({ collection: r.collection!, id: args.id as number, draft: args.draft as boolean | undefined, disableErrors: true, ...scope(ctx, args) }),
    find: (r) => async (_s, args, ctx, info) => ctx.cms.find({
      collection: r.collection!, where: args.where as Where | undefined, limit: args.limit as number | undefined, page: args.page as number | undefined,
      pagination: args.pagination as boolean | undefined, sort: args.sort as string | undefined, draft: args.draft as boolean | undefined, ...scope(ctx, args),
      // No count query when the selection reads nothing but the documents.
      count: info.fieldNodes.some((f) => f.selectionSet?.selections.some((s) => s.kind !== Kind.FIELD || !['docs', '__typename'].includes(s.name.value))),
    }),
    count: (r) => async (_s, args, ctx) => ctx.cms.count({ collection: r.collection!, where: args.where as Where | undefined, draft: args.draft as boolean | undefined, ...scope(ctx, args) }),
    create: (r) => async (_s, args, ctx) => ctx.cms.create({ collection: r.collection!, data: args.data as Record<string, unknown>, draft: args.draft as boolean | undefined, ...scope(ctx, args) }),
    update: (r) => async (_s, args, ctx) => ctx.cms.update({ collection: r.collection!, id: args.id as number, data: args.data as Record<string, unknown>, draft: args.draft as boolean | undefined, ...scope(ctx, args) }),
    delete: (r) => async (_s, args, ctx) => ctx.cms.delete({ collection: r.collection!, id: args.id as number, ...scope(ctx, args) }),
    findGlobal: (r) => async (_s, args, ctx) => ctx.cms.findGlobal({ slug: r.global!, ...scope(ctx, args) }),
    updateGlobal: (r) => async (_s, args, ctx) => ctx.cms.updateGlobal({ slug: r.global!, data: args.data as Record<string, unknown>, ...scope(ctx, args) }),
    me: (r) => async (_s, _args, ctx) => {
      const auth = authOf(ctx.req)
      if (!ctx.req.user || !auth || auth.claims.collection !== r.collection) return { user: null }
      const user = await ctx.cms.findByID({ collection: r.collection!, id: ctx.req.user.id, overrideAccess: true, depth: 0, req: ctx.req })
      return { user, exp: auth.claims.exp, token: auth.token, collection: r.collection }
    },
    login: (r) => async (_s, args, ctx) => limitedLogin(ctx.cms, ctx.ip, () => ctx.cms.login({ collection: r.collection!, data: { email: args.email as string, password: args.password as string }, depth: 0 })),
    refreshToken: (r) => async (_s, _args, ctx) => {
      const result = await ctx.cms.refreshToken({ collection: r.collection!, claims: sessionOf(ctx.req, r.collection!).claims, depth: 0 })
      return { exp: result.exp, refreshedToken: result.token, user: result.user }
    },
    logout: (r) => async (_s, _args, ctx) => {
      await ctx.cms.logout({ collection: r.collection!, sid: sessionOf(ctx.req, r.collection!).claims.sid })
      return 'Logout successful.'
    },
    forgotPassword: (r) => async (_s, args, ctx) => {
      await limitedForgot(ctx.cms, ctx.ip, () => ctx.cms.forgotPassword({ collection: r.collection!, data: { email: args.email as string } }))
      return true
    },
    resetPassword: (r) => async (_s, args, ctx) => ctx.cms.resetPassword({ collection: r.collection!, data: { token: args.token as string, password: args.password as string }, depth: 0 }),
  }
  for (const root of plan.roots) {
    const field = (root.type === 'Query' ? query : mutation)[root.field]
    if (field) field.resolve = guard(kinds[root.kind](root), log)
  }
  return schema
}

export interface GraphQLEndpoint {
  handle: (args: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string; req: CmsRequest; ip: string }) => Promise<{ status: number; headers: Record<string, string>; body: string | null }>
}

export function createGraphQLEndpoint(cms: Cms, logger: Logger): GraphQLEndpoint {
  const log = (e: unknown) => logger.error({ err: e }, 'graphql resolver failed')
  const schema = buildExecutableSchema(cms, log)
  const { maxDepth, maxComplexity } = cms.config.graphQL
  const handler = createHandler<{ req: CmsRequest; ip: string }, Record<string, never>, Record<PropertyKey, unknown>>({
    schema,
    context: (req) => ({ cms, req: req.raw.req, ip: req.raw.ip, loaders: new Map() }) satisfies Ctx as unknown as Record<PropertyKey, unknown>,
    validationRules: (_req, _args, specified) => [...specified, depthRule(maxDepth), complexityRule(maxComplexity)],
    formatError: (error) => {
      const e = error as GraphQLError
      return new GraphQLError(e.message, { nodes: e.nodes, positions: e.positions, path: e.path, extensions: { code: 'BAD_REQUEST', ...e.extensions } })
    },
  })
  return {
    async handle({ method, url, headers, body, req, ip }) {
      const [resultBody, init] = await handler({
        method,
        url,
        headers: { get: (key: string) => { const v = headers[key.toLowerCase()]; return Array.isArray(v) ? v.join(', ') : v ?? null } },
        body,
        raw: { req, ip },
        context: {},
      })
      return { status: init.status, headers: { ...(init.headers as Record<string, string>) }, body: resultBody }
    },
  }
}
