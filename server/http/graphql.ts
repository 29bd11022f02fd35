import { ERROR_CATALOGUE } from '../errors/catalogue.ts'
import type { GraphQLKind } from '../contracts/kinds.ts'
import DataLoader from 'dataloader'
import {
  buildSchema,
  GraphQLEnumType,
  GraphQLError,
  GraphQLObjectType,
  GraphQLUnionType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql'
import { createHandler } from 'graphql-http'
import type { Logger } from 'pino'
import { limitedForgot, limitedLogin, limitedPasswordChange } from '../auth/rate-limit.ts'
import { sessionOf } from '../auth/session.ts'
import type { CmsRequest, ID, Where } from '../config/types.ts'
import type { PaginatedDocs } from '../config/local-api.ts'
import type { AuthResult } from '../local/operations/auth/shared.ts'
import type { MeResult } from '../local/operations/auth/me.ts'
import { compileGraphQL, enumValueName, type GraphQLPlan } from '../contracts/graphql.ts'
import { APIError } from '../errors/api-error.ts'
import type { Cms } from '../local/cms.ts'
import { schemaHidden } from './exposure.ts'
import type { GraphQLContext } from './graphql-context.ts'
import { budgetOf, jsonSize } from '../local/budget.ts'
import { accessResult } from '../local/access.ts'
import { checkJoins, joinedPages, type JoinValue } from '../local/joins.ts'
import { aliasRule, costModel, limitsRule, PER_REQUEST } from './graphql-limits.ts'

/** The document id a join field of `source` belongs to: its own, or the one its group objects carry. */
const JOIN_PARENT = Symbol('join parent')
const parentIdOf = (source: unknown): ID | undefined => {
  const s = source as Record<string | symbol, unknown>
  const id = s[JOIN_PARENT] ?? s.id
  return isId(id) ? id : undefined
}

/** A document id (serial and custom number ids are numbers, text and UUID ids strings). */
const isId = (v: unknown): v is ID => typeof v === 'number' || typeof v === 'string'

/**
 * GraphQL at `<api><routes.graphQL>`: the SDL compiled from the config (the committed contract for the example),
 * executed over the Local layer with access control always applied (`req.user` resolved as for REST).
 * Relationship fields resolve to documents only when selected, through per-request DataLoaders: one query
 * per related collection per level, whatever the number of documents. Query depth and complexity are
 * limited (`graphQL.maxDepth`, `graphQL.maxComplexity`); errors carry `extensions.code` and never a stack.
 */

type Ctx = GraphQLContext & {
  loaders: Map<string, DataLoader<ID, Record<string, unknown> | null>>
  /** Join pages by join field and arguments: parent id → its page. */
  joinLoaders?: Map<string, DataLoader<ID, JoinValue>>
  locale?: string
  fallbackLocale?: string
  draft?: boolean
  ip: string
}
type Resolver = GraphQLFieldResolver<unknown, Ctx, Record<string, unknown>>
/** Where a polymorphic relation's `{ relationTo, value }` object carries its field's arguments. */
const SCOPE = Symbol('relation arguments')

/** Any error → a GraphQL error with a code; internal ones masked (and logged by the caller). */
function toGraphQLError(error: unknown, log: (e: unknown) => void): GraphQLError {
  if (error instanceof GraphQLError) return error
  if (error instanceof APIError && error.expose) {
    const code = ERROR_CATALOGUE[error.code].graphql
    return new GraphQLError(error.message, {
      extensions: {
        code,
        status: error.status,
        ...(error.data !== undefined ? { data: error.data } : {}),
      },
    })
  }
  log(error)
  return new GraphQLError('Something went wrong.', {
    extensions: { code: ERROR_CATALOGUE.INTERNAL.graphql, status: 500 },
  })
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

/** What a relationship field reads its documents as: its own arguments, else the root field's locale. */
interface ReadScope {
  locale?: string
  fallbackLocale?: string
  draft?: boolean
}

function scopeOf(ctx: Ctx, args: Record<string, unknown> | undefined): ReadScope {
  return {
    locale: typeof args?.locale === 'string' ? args.locale : ctx.locale,
    fallbackLocale:
      typeof args?.fallbackLocale === 'string' ? args.fallbackLocale : ctx.fallbackLocale,
    draft: typeof args?.draft === 'boolean' ? args.draft : undefined,
  }
}

/** One loader per related collection and read scope: documents of one scope load in one batch. */
function loaderFor(
  ctx: Ctx,
  slug: string,
  scope: ReadScope = scopeOf(ctx, undefined),
): DataLoader<ID, Record<string, unknown> | null> {
  const key = JSON.stringify([slug, scope.locale, scope.fallbackLocale, scope.draft])
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
              // A relation to a document in the trash still resolves (as Payload's dataloader does).
              trash: true,
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
        const byId = new Map(docs.map((d) => [d.id as ID, d as Record<string, unknown>]))
        return ids.map((id) => byId.get(id) ?? null)
      },
      { maxBatchSize: ctx.cms.config.maxLimit },
    )
    ctx.loaders.set(key, loader)
  }
  return loader
}

/** Related documents about to go into the answer, charged to the request's population budget. */
function placed(ctx: Ctx, docs: Record<string, unknown>[]): Record<string, unknown>[] {
  const budget = budgetOf(ctx.req, false)
  if (budget && docs.length)
    budget.chargeDocs(
      docs.length,
      docs.reduce((n, d) => n + jsonSize(d), 0),
    )
  return docs
}

const idOf = (v: unknown): ID | undefined =>
  isId(v)
    ? v
    : v && typeof v === 'object' && isId((v as { id?: unknown }).id)
      ? (v as { id: ID }).id
      : undefined

/** Puts stored option values on the schema's enums, so `long-read` goes out and comes in as `long_read`. */
function mapEnums(schema: GraphQLSchema, plan: GraphQLPlan): void {
  for (const [name, values] of plan.enums) {
    const type = schema.getType(name)
    if (!(type instanceof GraphQLEnumType)) continue
    for (const v of type.getValues()) v.value = values.get(v.name) ?? v.name
    // graphql-js looks values up through a map built at construction; rebuild it for the new values.
    ;(type as unknown as { _valueLookup: Map<unknown, unknown> })._valueLookup = new Map(
      type.getValues().map((v) => [v.value, v]),
    )
  }
}

/** Parsed documents kept, and the longest source kept. */
const DOCUMENT_CACHE_SIZE = 200
const MAX_CACHED_DOCUMENT = 16_384

export function buildExecutableSchema(
  cms: Cms,
  log: (e: unknown) => void,
): { schema: GraphQLSchema; plan: GraphQLPlan } {
  const { sdl, plan } = compileGraphQL(cms.config)
  const schema = buildSchema(sdl)
  mapEnums(schema, plan)

  // Unions: blocks by their blockType, polymorphic relations by the collection the value came from.
  for (const [name, union] of plan.unions) {
    const type = schema.getType(name)
    if (!(type instanceof GraphQLUnionType)) continue
    type.resolveType = (value) => {
      const v = value as Record<string, unknown>
      return union.by === 'blockType'
        ? union.members.get(String(v.blockType))
        : union.members.get(String(v.__collection))
    }
  }

  // Relationship fields: ids → documents, batched per collection per level.
  for (const rel of plan.relations) {
    const type = schema.getType(rel.type)
    if (!(type instanceof GraphQLObjectType)) continue
    const field = type.getFields()[rel.field]
    if (!field) continue
    if (Array.isArray(rel.relationTo)) {
      // The polymorphic field itself takes the arguments; it hands them to its `{ relationTo, value }` objects.
      const holder = rel.holder && schema.getType(rel.holder.type)
      const own =
        holder instanceof GraphQLObjectType ? holder.getFields()[rel.holder!.field] : undefined
      if (own)
        own.resolve = (source, args) => {
          const value = (source as Record<string, unknown>)[rel.holder!.field]
          const tag = (v: unknown) => (v && typeof v === 'object' ? { ...v, [SCOPE]: args } : v)
          return Array.isArray(value) ? value.map(tag) : tag(value)
        }
      // `value` of a polymorphic relation: the parent object is `{ relationTo, value }`.
      field.resolve = guard(async (source, _args, ctx) => {
        const s = source as {
          relationTo: string
          value: unknown
          [SCOPE]?: Record<string, unknown>
        }
        const id = idOf(s.value)
        if (id === undefined) return null
        const doc = await loaderFor(ctx, s.relationTo, scopeOf(ctx, s[SCOPE])).load(id)
        return doc ? { ...placed(ctx, [doc])[0], __collection: s.relationTo } : null
      }, log)
      continue
    }
    const slug = rel.relationTo
    field.resolve = guard(async (source, args, ctx) => {
      const value = (source as Record<string, unknown>)[rel.field]
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
  }

  // Groups holding join fields hand the document's id down to them.
  for (const g of plan.joinGroups) {
    const field = (schema.getType(g.type) as GraphQLObjectType | undefined)?.getFields()[g.field]
    if (!field) continue
    field.resolve = (source) => {
      const value = (source as Record<string, unknown>)[g.field]
      const id = parentIdOf(source)
      if (value && typeof value === 'object' && id !== undefined)
        Object.defineProperty(value, JOIN_PARENT, { value: id, configurable: true })
      return value
    }
  }

  // Join fields: one page per parent with the field's arguments, batched over a level's parents (one statement),
  // then the page's documents through the collection's loader.
  for (const j of plan.joins) {
    const field = (schema.getType(j.type) as GraphQLObjectType | undefined)?.getFields()[j.field]
    if (!field) continue
    const collection = cms.collection(j.collection)
    const join = collection.joins.find((x) => x.path === j.path)!
    const target = cms.collection(join.field.collection)
    field.resolve = guard(async (source, args, ctx) => {
      const id = parentIdOf(source)
      if (id === undefined) return null
      const access = await accessResult(target.access.read, { req: ctx.req }, false)
      if (access === false) return null
      const options = {
        where: (args.where ?? undefined) as Where | undefined,
        limit: (args.limit ?? undefined) as number | undefined,
        page: (args.page ?? undefined) as number | undefined,
        sort: (args.sort ?? undefined) as string | undefined,
        count: (args.count ?? undefined) as boolean | undefined,
      }
      const checked = checkJoins(cms, collection, { [j.path]: options }) as Record<
        string,
        NonNullable<Parameters<typeof joinedPages>[5]>
      >
      const key = `${j.collection}.${j.path}:${JSON.stringify(options)}:${ctx.locale ?? ''}`
      ctx.joinLoaders ??= new Map()
      let loader = ctx.joinLoaders.get(key)
      if (!loader) {
        loader = new DataLoader<ID, JoinValue>(
          async (ids) => {
            const pages = await joinedPages(
              cms,
              collection,
              target,
              join,
              [...ids],
              checked[j.path],
              {
                req: ctx.req,
                access,
                overrideAccess: false,
              },
            )
            return ids.map(
              (pid) =>
                pages.get(pid) ?? {
                  docs: [],
                  hasNextPage: false,
                  ...(options.count ? { totalDocs: 0 } : {}),
                },
            )
          },
          { maxBatchSize: cms.config.maxLimit },
        )
        ctx.joinLoaders.set(key, loader)
      }
      const page = await loader.load(id)
      const docs = (await loaderFor(ctx, target.slug).loadMany(page.docs as number[])).filter(
        (d): d is Record<string, unknown> => Boolean(d) && !(d instanceof Error),
      )
      return { ...page, docs: placed(ctx, docs) }
    }, log)
  }

  const query = schema.getQueryType()!.getFields()
  const mutation = schema.getMutationType()?.getFields() ?? {}
  const scope = (ctx: Ctx, args: Record<string, unknown>) => {
    if (typeof args.locale === 'string') ctx.locale = args.locale
    if (typeof args.fallbackLocale === 'string') ctx.fallbackLocale = args.fallbackLocale
    return {
      locale: ctx.locale,
      fallbackLocale: ctx.fallbackLocale,
      overrideAccess: false,
      req: ctx.req,
      depth: 0,
      // Join fields are resolved by their own resolvers, with their arguments.
      joins: false as const,
    }
  }
  const versionList = (args: Record<string, unknown>) => ({
    where: args.where as Where | undefined,
    limit: args.limit as number | undefined,
    page: args.page as number | undefined,
    pagination: args.pagination as boolean | undefined,
    sort: args.sort as string | undefined,
  })
  const kinds = {
    findByID: (r) => async (_s, args, ctx) =>
      ctx.cms.findByID({
        collection: r.collection!,
        id: args.id as ID,
        draft: args.draft as boolean | undefined,
        trash: args.trash as boolean | undefined,
        disableErrors: true,
        ...scope(ctx, args),
      }),
    find: (r) => async (_s, args, ctx, info) =>
      ctx.cms.find({
        collection: r.collection!,
        where: args.where as Where | undefined,
        limit: args.limit as number | undefined,
        page: args.page as number | undefined,
        pagination: args.pagination as boolean | undefined,
        sort: args.sort as string | undefined,
        draft: args.draft as boolean | undefined,
        trash: args.trash as boolean | undefined,
        ...scope(ctx, args),
        // No count query when the selection reads nothing but the documents.
        count: info.fieldNodes.some((f) =>
          f.selectionSet?.selections.some(
            (s) => s.kind !== Kind.FIELD || !['docs', '__typename'].includes(s.name.value),
          ),
        ),
      }),
    count: (r) => async (_s, args, ctx) =>
      ctx.cms.count({
        collection: r.collection!,
        where: args.where as Where | undefined,
        draft: args.draft as boolean | undefined,
        trash: args.trash as boolean | undefined,
        ...scope(ctx, args),
      }),
    create: (r) => async (_s, args, ctx) =>
      limitedPasswordChange(
        ctx.cms,
        ctx.ip,
        Boolean(ctx.cms.collection(r.collection!).auth),
        args.data,
        () =>
          ctx.cms.create({
            collection: r.collection!,
            data: args.data as Record<string, unknown>,
            draft: args.draft as boolean | undefined,
            ...scope(ctx, args),
          }),
      ),
    update: (r) => async (_s, args, ctx) =>
      limitedPasswordChange(
        ctx.cms,
        ctx.ip,
        Boolean(ctx.cms.collection(r.collection!).auth),
        args.data,
        () =>
          ctx.cms.update({
            collection: r.collection!,
            id: args.id as ID,
            data: args.data as Record<string, unknown>,
            draft: args.draft as boolean | undefined,
            autosave: args.autosave as boolean | undefined,
            trash: args.trash as boolean | undefined,
            ...scope(ctx, args),
          }),
      ),
    findVersions: (r) => async (_s, args, ctx) =>
      ctx.cms.findVersions({
        collection: r.collection!,
        ...versionList(args),
        ...scope(ctx, args),
      }),
    findVersionByID: (r) => async (_s, args, ctx) =>
      ctx.cms.findVersionByID({
        collection: r.collection!,
        id: args.id as ID,
        disableErrors: true,
        ...scope(ctx, args),
      }),
    restoreVersion: (r) => async (_s, args, ctx) =>
      ctx.cms.restoreVersion({
        collection: r.collection!,
        id: args.id as ID,
        draft: args.draft as boolean | undefined,
        ...scope(ctx, args),
      }),
    findGlobalVersions: (r) => async (_s, args, ctx) =>
      ctx.cms.findGlobalVersions({ slug: r.global!, ...versionList(args), ...scope(ctx, args) }),
    findGlobalVersionByID: (r) => async (_s, args, ctx) =>
      ctx.cms.findGlobalVersionByID({
        slug: r.global!,
        id: args.id as ID,
        disableErrors: true,
        ...scope(ctx, args),
      }),
    restoreGlobalVersion: (r) => async (_s, args, ctx) =>
      ctx.cms.restoreGlobalVersion({
        slug: r.global!,
        id: args.id as ID,
        draft: args.draft as boolean | undefined,
        ...scope(ctx, args),
      }),
    delete: (r) => async (_s, args, ctx) =>
      ctx.cms.delete({
        collection: r.collection!,
        id: args.id as ID,
        trash: args.trash as boolean | undefined,
        ...scope(ctx, args),
      }),
    duplicate: (r) => async (_s, args, ctx) =>
      limitedPasswordChange(
        ctx.cms,
        ctx.ip,
        Boolean(ctx.cms.collection(r.collection!).auth),
        args.data,
        () =>
          ctx.cms.duplicate({
            collection: r.collection!,
            id: args.id as ID,
            data: (args.data ?? {}) as Record<string, unknown>,
            draft: args.draft as boolean | undefined,
            trash: args.trash as boolean | undefined,
            ...scope(ctx, args),
          }),
      ),
    access: () => async (_s, _args, ctx) => {
      // Every decision as { permission, where } (the REST form's `true` has no GraphQL type), keyed by GraphQL name.
      const { collections = {}, globals = {} } = await ctx.cms.access({ req: ctx.req, raw: true })
      const out: Record<string, unknown> = { canAccessAdmin: false }
      for (const [slug, p] of [...Object.entries(collections), ...Object.entries(globals)])
        out[enumValueName(slug)] = p
      return out
    },
    docAccess: (r) => async (_s, args, ctx) =>
      r.global
        ? ctx.cms.docAccessGlobal({ slug: r.global, req: ctx.req, raw: true })
        : ctx.cms.docAccess({
            collection: r.collection!,
            id: args.id as ID,
            req: ctx.req,
            raw: true,
          }),
    findGlobal: (r) => async (_s, args, ctx) =>
      ctx.cms.findGlobal({
        slug: r.global!,
        draft: args.draft as boolean | undefined,
        ...scope(ctx, args),
      }),
    updateGlobal: (r) => async (_s, args, ctx) =>
      ctx.cms.updateGlobal({
        slug: r.global!,
        data: args.data as Record<string, unknown>,
        draft: args.draft as boolean | undefined,
        autosave: args.autosave as boolean | undefined,
        ...scope(ctx, args),
      }),
    me: (r) => async (_s, _args, ctx) =>
      tokenless(
        ctx,
        r,
        await ctx.cms.me({
          collection: r.collection!,
          req: ctx.req,
          depth: 0,
          overrideAccess: false,
        }),
      ),
    login: (r) => async (_s, args, ctx) =>
      tokenless(
        ctx,
        r,
        await limitedLogin(ctx.cms, ctx.ip, () =>
          ctx.cms.login({
            collection: r.collection!,
            data: {
              email: args.email as string | undefined,
              username: args.username as string | undefined,
              password: args.password as string,
            },
            depth: 0,
            overrideAccess: false,
            // A copy: the login sets its req.user, which must not reach the other fields of the operation.
            req: { ...ctx.req },
          }),
        ),
      ),
    refreshToken: (r) => async (_s, _args, ctx) => {
      const result = await ctx.cms.refreshToken({
        collection: r.collection!,
        claims: sessionOf(ctx.req, r.collection!).claims,
        depth: 0,
        overrideAccess: false,
        req: ctx.req,
      })
      const out = { exp: result.exp, refreshedToken: result.token, user: result.user }
      return tokenless(ctx, r, out, 'refreshedToken')
    },
    logout: (r) => async (_s, args, ctx) => {
      await ctx.cms.logout({
        collection: r.collection!,
        sid: sessionOf(ctx.req, r.collection!).claims.sid,
        allSessions: args.allSessions === true,
        req: ctx.req,
      })
      return 'Logout successful.'
    },
    forgotPassword: (r) => async (_s, args, ctx) => {
      await limitedForgot(ctx.cms, ctx.ip, () =>
        ctx.cms.forgotPassword({
          collection: r.collection!,
          data: {
            email: args.email as string | undefined,
            username: args.username as string | undefined,
          },
          req: ctx.req,
        }),
      )
      return true
    },
    resetPassword: (r) => async (_s, args, ctx) =>
      tokenless(
        ctx,
        r,
        await ctx.cms.resetPassword({
          collection: r.collection!,
          data: { token: args.token as string, password: args.password as string },
          depth: 0,
          overrideAccess: false,
        }),
      ),
    verifyEmail: (r) => async (_s, args, ctx) =>
      ctx.cms.verifyEmail({ collection: r.collection!, token: args.token as string }),
    unlock: (r) => async (_s, args, ctx) =>
      ctx.cms.unlock({
        collection: r.collection!,
        data: { email: args.email as string },
        overrideAccess: false,
        req: ctx.req,
      }),
    init: (r) => async (_s, _args, ctx) => ctx.cms.initialized({ collection: r.collection! }),
  } satisfies GraphQLResolvers
  for (const root of plan.roots) {
    const field = (root.type === 'Query' ? query : mutation)[root.field]
    if (field) field.resolve = guard(kinds[root.kind](root), log)
  }
  return { schema, plan }
}

/** `auth.removeTokenFromResponses`: the answer's token is null (as REST leaves it out). */
function tokenless<T extends object>(
  ctx: Ctx,
  r: GraphQLPlan['roots'][number],
  result: T,
  key = 'token',
): T {
  const auth = ctx.cms.collection(r.collection!).auth
  return auth && auth.removeTokenFromResponses ? { ...result, [key]: null } : result
}

type Document = Record<string, unknown>
/** What each kind's root field answers, as the SDL declares it. */
export interface GraphQLResults {
  find: PaginatedDocs<Document>
  findByID: Document | null
  count: { totalDocs: number }
  create: Document
  update: Document
  delete: Document
  findVersions: PaginatedDocs<object>
  findVersionByID: object | null
  restoreVersion: Document
  duplicate: Document
  access: Record<string, unknown>
  docAccess: Record<string, unknown>
  findGlobal: Document
  updateGlobal: Document
  findGlobalVersions: PaginatedDocs<object>
  findGlobalVersionByID: object | null
  restoreGlobalVersion: Document
  login: AuthResult
  logout: string
  me: MeResult
  refreshToken: { exp: number; refreshedToken: string; user: Document }
  forgotPassword: boolean
  resetPassword: AuthResult
  verifyEmail: boolean
  unlock: boolean
  init: boolean
}
/**
 * One resolver factory per GraphQL root kind, answering its kind's result: a kind without one, or a resolver
 * answering another shape, fails `npm run typecheck`. `generated/graphql/roots.ts` binds every generated root
 * field to one of these kinds.
 */
export type GraphQLResolvers = {
  [K in GraphQLKind]: (
    root: GraphQLPlan['roots'][number],
  ) => GraphQLFieldResolver<unknown, Ctx, Record<string, unknown>, Promise<GraphQLResults[K]>>
}

export interface GraphQLEndpoint {
  handle: (args: {
    method: string
    url: string
    headers: Record<string, string | string[] | undefined>
    body: string
    req: CmsRequest
    ip: string
  }) => Promise<{ status: number; headers: Record<string, string>; body: string | null }>
}

export function createGraphQLEndpoint(cms: Cms, logger: Logger): GraphQLEndpoint {
  const log = (e: unknown) => logger.error({ err: e }, 'graphql resolver failed')
  const { schema, plan } = buildExecutableSchema(cms, log)
  const { maxAliases, maxTokens } = cms.config.graphQL
  const model = costModel(cms, plan, schema)
  // In production, the schema is not for strangers to explore: no introspection, no "Did you mean …?" hints
  // (and no contract files, pages.ts: one switch, exposure.ts).
  const closed = schemaHidden(cms.config.graphQL)
  // A document is parsed once per text and validated once against the rules that do not depend on the request
  // (graphql-js's own, aliases, introspection): validation was 11% of a small query's CPU. The limits rule (depth
  // and cost, graphql-limits.ts) reads the request's variables, so it runs every time, first. Both caches are
  // bounded.
  const documents = new Map<string, DocumentNode>()
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>()
  const handler = createHandler<
    { req: CmsRequest; ip: string },
    Record<string, never>,
    Record<PropertyKey, unknown>
  >({
    schema,
    // A token cap stops a huge document while it is parsed, before validation (whose field-merging check
    // grows with the square of the fields) can spend seconds on it.
    parse: (source) => {
      const text = typeof source === 'string' ? source : source.body
      const known = documents.get(text)
      if (known) return known
      try {
        const document = parse(source, { maxTokens })
        if (text.length <= MAX_CACHED_DOCUMENT) {
          if (documents.size >= DOCUMENT_CACHE_SIZE)
            documents.delete(documents.keys().next().value!)
          documents.set(text, document)
        }
        return document
      } catch (error) {
        if (error instanceof GraphQLError && /tokens/.test(error.message)) {
          throw new GraphQLError(
            `The document has more than ${maxTokens} tokens (graphQL.maxTokens).`,
            { extensions: { code: 'QUERY_TOO_LARGE', limit: 'graphQL.maxTokens', max: maxTokens } },
          )
        }
        throw error
      }
    },
    context: (req) =>
      ({
        cms,
        req: req.raw.req,
        ip: req.raw.ip,
        loaders: new Map(),
      }) satisfies Ctx as unknown as Record<PropertyKey, unknown>,
    validate: (schema, document, rules = []) => {
      // Depth and cost first, by walks that stop at their caps: a refused document never reaches graphql-js's
      // own rules, whose field-merging check grows with the square of the fragments spread in a selection.
      const limits = validate(
        schema,
        document,
        rules.filter((r) => PER_REQUEST in r),
      )
      if (limits.length) return limits
      let errors = validated.get(document)
      if (!errors) {
        errors = validate(
          schema,
          document,
          rules.filter((r) => !(PER_REQUEST in r)),
        )
        validated.set(document, errors)
      }
      return errors
    },
    validationRules: (_req, args, specified) => [
      limitsRule(model, (args.variableValues ?? {}) as Record<string, unknown>),
      ...specified,
      aliasRule(maxAliases),
      ...(closed ? [NoSchemaIntrospectionCustomRule] : []),
    ],
    // A spent budget ends the operation as one error, without the partial data resolved before it ran out.
    onOperation: (_req, args) => {
      const spent = budgetOf((args.contextValue as unknown as Ctx).req, false)?.exceeded
      if (spent) return { errors: [toGraphQLError(spent, log)] }
    },
    formatError: (error) => {
      const e = error as GraphQLError
      const message = closed ? e.message.replace(/ ?Did you mean .*\?$/, '') : e.message
      return new GraphQLError(message, {
        nodes: e.nodes,
        positions: e.positions,
        path: e.path,
        extensions: { code: 'BAD_REQUEST', ...e.extensions },
      })
    },
  })
  return {
    async handle({ method, url, headers, body, req, ip }) {
      const [resultBody, init] = await handler({
        method,
        url,
        headers: {
          get: (key: string) => {
            const v = headers[key.toLowerCase()]
            return Array.isArray(v) ? v.join(', ') : (v ?? null)
          },
        },
        body,
        raw: { req, ip },
        context: {},
      })
      return {
        status: init.status,
        headers: { ...(init.headers as Record<string, string>) },
        body: resultBody,
      }
    },
  }
}
