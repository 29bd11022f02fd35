import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql'
import { createHandler } from 'graphql-http'
import qs from 'qs'
import type { Logger } from 'pino'
import type { CmsRequest } from '../../config/types.ts'
import { budgetOf } from '../../local/budget.ts'
import type { Cms } from '../../local/cms.ts'
import { schemaHidden } from '../exposure.ts'
import type { Ctx } from './context.ts'
import { documentCache } from './documents.ts'
import { toGraphQLError } from './errors.ts'
import { aliasRule, costModel, limitsRule } from './limits.ts'
import { buildExecutableSchema } from './schema.ts'
import { compiledExecutor } from './compiled.ts'

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

/**
 * GraphQL at `<api><routes.graphQL>`, executed over the Local layer with access control always applied (`req.user`
 * resolved as for REST). Query depth and complexity are limited (`graphQL.maxDepth`, `graphQL.maxComplexity`);
 * errors carry `extensions.code` and never a stack.
 */
export function createGraphQLEndpoint(cms: Cms, logger: Logger): GraphQLEndpoint {
  const log = (e: unknown) => logger.error({ err: e }, 'graphql resolver failed')
  const { schema, plan } = buildExecutableSchema(cms, log)
  const { maxAliases, maxTokens } = cms.config.graphQL
  const model = costModel(cms, plan, schema)
  // In production, the schema is not for strangers to explore: no introspection, no "Did you mean …?" hints
  // (and no contract files, pages.ts: one switch, exposure.ts).
  const closed = schemaHidden(cms.config.graphQL)
  const { parse, validate } = documentCache(maxTokens)
  const handler = createHandler<{ req: CmsRequest; ip: string }, Record<string, never>, Ctx>({
    schema,
    parse,
    validate,
    execute: compiledExecutor(),
    context: (req) => ({
      cms,
      req: req.raw.req,
      ip: req.raw.ip,
      loaders: new Map(),
      ...urlLocale(req.url),
    }),
    validationRules: (_req, args, specified) => [
      limitsRule(model, args.variableValues ?? {}),
      ...specified,
      aliasRule(maxAliases),
      ...(closed ? [NoSchemaIntrospectionCustomRule] : []),
    ],
    // A spent budget ends the operation as one error, without the partial data resolved before it ran out.
    // (The context's req is the request's own: `context` above.)
    onOperation: (req) => {
      const spent = budgetOf(req.raw.req, false)?.exceeded
      if (spent) return { errors: [toGraphQLError(spent, log)] }
    },
    formatError: (error) => {
      const e = error instanceof GraphQLError ? error : new GraphQLError(error.message)
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
      return { status: init.status, headers: { ...init.headers }, body: resultBody }
    },
  }
}

/**
 * The locale and fallback locale the URL's query names (Payload reads them for GraphQL too, as the request's
 * defaults, which a root field's `locale`/`fallbackLocale` arguments override). A list of fallback locales
 * (`fallbackLocale[0]=es&fallbackLocale[1]=en`) becomes the comma form the Local layer takes; a value that is no
 * locale is refused there, by the root field that reads it.
 */
function urlLocale(url: string): { locale?: string; fallbackLocale?: string } {
  const at = url.indexOf('?')
  if (at < 0) return {}
  const q = qs.parse(url.slice(at + 1), { depth: 1 })
  const one = (v: unknown) =>
    typeof v === 'string'
      ? v
      : Array.isArray(v) && v.every((x) => typeof x === 'string')
        ? v.join(',')
        : undefined
  const locale = one(q.locale)
  const fallbackLocale = one(q.fallbackLocale) ?? one(q['fallback-locale'])
  return {
    ...(locale === undefined ? {} : { locale }),
    ...(fallbackLocale === undefined ? {} : { fallbackLocale }),
  }
}
