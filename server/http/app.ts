import { refuseIfDenied } from '../local/access-check.ts'
import { randomUUID } from 'node:crypto'
import Koa from 'koa'
import { pino, type Logger } from 'pino'
import type { CmsRequest, SanitizedConfig } from '../config/types.ts'
import { compileOpenAPI, type OperationMeta } from '../contracts/openapi.ts'
import { APIError } from '../errors/api-error.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { ValidationError } from '../errors/validation-error.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { Unauthorized } from '../errors/unauthorized.ts'
import type { Cms } from '../local/cms.ts'
import { RequestBudget } from '../local/budget.ts'
import { endpointRoutes, matchEndpoint } from './endpoints.ts'
import { errorReply, problemReply, routeNotFound } from './errors.ts'
import { parseQuery, STRUCTURED } from './query.ts'
import { kinds, type RestHandlers, type RestReply } from './rest.ts'
import type { RestKind } from '../contracts/kinds.ts'
import { contractBackend } from './validator.ts'
import type { GraphQLEndpoint } from './graphql.ts'
import { playground, playgroundEnabled } from './playground.ts'
import { apiDocs, apiDocsEnabled } from './api-docs.ts'
import { compileSDL } from '../contracts/graphql.ts'

/**
 * The REST server: a Koa app that routes and validates every request by the contract (openapi-backend, the
 * document compiled from the config once at start) and serves it through the Local layer. Custom endpoints
 * come first. Every answer is JSON; errors are `{ errors: [...] }`; nothing ever carries a stack.
 */

export interface AppOptions {
  /** Largest accepted request body, in bytes (default 1 MiB; 413 above). */
  bodyLimit?: number
  /** Origins allowed by CORS: a list, `'*'`, or none (default: `CORS_ORIGINS`, comma-separated). */
  cors?: string[] | '*'
  logger?: Logger
  /** Proxy hops in front of the server whose X-Forwarded-For entries are trusted (default: `TRUST_PROXY`, else 0). */
  trustProxy?: number
  /** Resolves the caller from the request (the auth layer); anonymous when absent or null. */
  authenticate?: (headers: Headers, cms: Cms) => Promise<CmsRequest['user']>
}

export interface CmsApp {
  app: Koa
  /** The compiled contract the app serves. */
  document: Record<string, unknown>
  logger: Logger
  /** Requests being served right now (graceful shutdown waits for them). */
  inFlight: () => number
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

async function readBody(req: import('node:http').IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit)
    throw new APIError(`The request body is larger than ${limit} bytes.`, 413, {
      code: 'PAYLOAD_TOO_LARGE',
    })
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit)
      throw new APIError(`The request body is larger than ${limit} bytes.`, 413, {
        code: 'PAYLOAD_TOO_LARGE',
      })
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Deepest nesting of a parsed JSON value, walked without recursion (a hostile body cannot overflow the stack). */
export function jsonDepth(value: unknown, stopAt: number): number {
  let max = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [v, d] = stack.pop()!
    if (!v || typeof v !== 'object') continue
    if (d > max) max = d
    if (max > stopAt) return max
    for (const child of Object.values(v)) stack.push([child, d + 1])
  }
  return max
}

export const MAX_JSON_DEPTH = 64

function parseJson(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new BadRequest(
      `The request body must be JSON (Content-Type: application/json); got ${contentType}.`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(raw.toString('utf8'))
  } catch (error) {
    throw new BadRequest(`The request body is not valid JSON: ${(error as Error).message}`)
  }
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new BadRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`)
  return value
}

/** ajv errors of openapi-backend → one 400 naming each failing parameter or body field. */
function validationError(
  ajvErrors: { instancePath: string; keyword: string; params: unknown; message?: string }[],
): APIError {
  const errors = ajvErrors.map((e) => {
    const where = e.instancePath.replace(/^\//, '').split('/')
    const [part, ...rest] = where
    const missing =
      e.keyword === 'required'
        ? (e.params as { missingProperty: string }).missingProperty
        : undefined
    const extra =
      e.keyword === 'additionalProperties'
        ? (e.params as { additionalProperty: string }).additionalProperty
        : undefined
    const field = [...rest, missing ?? extra].filter(Boolean).join('.')
    const message = extra
      ? part === 'query'
        ? rest.length === 0
          ? 'is not a parameter of this operation'
          : 'is not allowed here (unknown field or operator)'
        : 'This field does not exist.'
      : (e.message ?? 'is invalid')
    return { part, field, message }
  })
  const bodyErrors = errors.filter((e) => e.part === 'requestBody')
  if (bodyErrors.length === errors.length && bodyErrors.length > 0) {
    return new ValidationError({
      errors: bodyErrors.map((e) => ({
        message: e.field ? e.message : `The body ${e.message}`,
        path: e.field,
        label: e.field || 'body',
      })),
    })
  }
  const text = errors
    .map(
      (e) =>
        `${e.part === 'requestBody' ? 'body' : e.part}${e.field ? ` ${e.field}` : ''}: ${e.message}`,
    )
    .join('; ')
  return new BadRequest(
    `Invalid request: ${text}.`,
    errors.map((e) => ({
      path: [e.part === 'requestBody' ? 'body' : e.part, e.field].filter(Boolean).join('.'),
      message: e.message,
    })),
  )
}

const PUBLIC_AUTH_ROUTE = /\/(login|forgot-password|reset-password|health)$/

/**
 * The caller: a JWT from `Authorization: Bearer|JWT <token>` or the `cms-token` cookie. A token that is
 * invalid, expired, or whose session ended (logout, password reset, deleted user) is a 401, except on the
 * login, password and health routes, where a stale token must not stand in the way, and on custom endpoints
 * (`lenient`), which decide authentication themselves from `req.user`. Cookie-authenticated unsafe
 * requests need an allowed Origin (the same host, or a CORS origin): a cross-site form cannot act as the user.
 */
async function authenticateRequest(
  cms: Cms,
  ctx: Koa.Context,
  req: CmsRequest,
  cors: string[] | '*',
  lenient: boolean,
): Promise<void> {
  const header = ctx.get('authorization')
  const bearer = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(header)?.[1]
  const cookie = bearer ? undefined : ctx.cookies.get('cms-token') || undefined
  const token = bearer ?? cookie
  if (!token) return
  const found = await cms.auth(token)
  if (!found) {
    if (lenient || PUBLIC_AUTH_ROUTE.test(ctx.path)) return
    throw new Unauthorized(
      'The token is invalid or expired, or its session has ended; log in again.',
    )
  }
  if (cookie && !SAFE_METHODS.has(ctx.method) && !PUBLIC_AUTH_ROUTE.test(ctx.path))
    checkSameOrigin(ctx, cors)
  req.user = { ...found.user, collection: found.claims.collection }
  req.auth = { claims: found.claims, token }
  ctx.state.authenticated = true
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF: a browser attaches the cookie to any site's request, so a cookie-authenticated unsafe request must
 * prove it comes from an allowed page: an `Origin` (or, without one, a `Referer`) of this host or of a listed
 * CORS origin, or a custom `X-Requested-With` header (which no cross-site form can send without a CORS
 * preflight). Whatever the body's type; and `CORS_ORIGINS='*'` never makes a foreign origin acceptable here.
 */
function checkSameOrigin(ctx: Koa.Context, cors: string[] | '*'): void {
  const source = ctx.get('origin') || ctx.get('referer')
  if (!source) {
    if (ctx.get('x-requested-with')) return
    throw new Forbidden(
      'Cookie-authenticated writes need an Origin or Referer of an allowed site (or an X-Requested-With header).',
    )
  }
  let origin: URL
  try {
    origin = new URL(source)
  } catch {
    throw new Forbidden(
      `Cross-site request refused: "${source.slice(0, 100)}" is not a valid origin.`,
    )
  }
  if (origin.host === ctx.host || (cors !== '*' && cors.includes(origin.origin))) return
  throw new Forbidden(
    `Cross-site request from ${origin.origin} refused: cookie-authenticated writes need an allowed Origin.`,
  )
}

/** Proxy hops to trust for the client address: `TRUST_PROXY` = a number of hops, or `true` for one. */
export function trustedProxyHops(value = process.env.TRUST_PROXY): number {
  if (!value || value === 'false') return 0
  if (value === 'true') return 1
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0)
    throw new Error(
      `TRUST_PROXY must be true, false or a number of proxy hops; got ${JSON.stringify(value)}.`,
    )
  return hops
}

/**
 * The contract's routes as one matcher: a path template becomes a regular expression, fixed paths win over
 * templated ones (`/posts/count` before `/posts/{id}`), and a match names its operation and parameters.
 */
function compileRoutes(document: Record<string, unknown>) {
  const routes: {
    method: string
    pattern: RegExp
    names: string[]
    operationId: string
    meta: OperationMeta
    params: number
  }[] = []
  for (const [p, item] of Object.entries(
    document.paths as Record<
      string,
      Record<string, { operationId: string; 'x-cms': OperationMeta }>
    >,
  )) {
    const names: string[] = []
    const source = p
      .split('/')
      .map((seg) => {
        const m = /^\{(.+)\}$/.exec(seg)
        if (m) return (names.push(m[1]), '([^/]+)')
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('/')
    for (const [method, op] of Object.entries(item))
      routes.push({
        method,
        pattern: new RegExp(`^${source}$`),
        names,
        operationId: op.operationId,
        meta: op['x-cms'],
        params: names.length,
      })
  }
  routes.sort((a, b) => a.params - b.params)
  return (method: string, path: string) => {
    for (const r of routes) {
      if (r.method !== method) continue
      const m = r.pattern.exec(path)
      if (!m) continue
      try {
        return {
          operationId: r.operationId,
          meta: r.meta,
          params: Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])),
        }
      } catch {
        return undefined
      }
    }
    return undefined
  }
}

export async function createApp(cms: Cms, options: AppOptions = {}): Promise<CmsApp> {
  const config: SanitizedConfig = cms.config
  const logger = options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined })
  const bodyLimit = options.bodyLimit ?? 1024 * 1024
  const corsEnv = process.env.CORS_ORIGINS
  const cors =
    options.cors ?? (corsEnv === '*' ? '*' : corsEnv ? corsEnv.split(',').map((s) => s.trim()) : [])
  const base = config.routes.api
  const document = compileOpenAPI(config)
  const endpoints = endpointRoutes(config)

  // Routing is a precompiled table (static segments before parameters); openapi-backend validates.
  const api = contractBackend(document)
  await api.init()
  const router = compileRoutes(document)
  const operations = new Map(api.getOperations().map((op) => [op.operationId!, op]))

  // The GraphQL schema is built on first use (or right after start-up, in the background), so it does not
  // delay the first REST request.
  let graphqlEndpoint: Promise<GraphQLEndpoint> | undefined
  const loadGraphQL = () =>
    (graphqlEndpoint ??= import('./graphql.ts').then((m) => m.createGraphQLEndpoint(cms, logger)))
  const graphql = config.graphQL.disable
    ? undefined
    : {
        handle: async (a: Parameters<GraphQLEndpoint['handle']>[0]) =>
          (await loadGraphQL()).handle(a),
      }
  if (graphql)
    setTimeout(() => {
      loadGraphQL().catch((error: unknown) =>
        logger.error({ err: error }, 'GraphQL failed to start'),
      )
    }, 50).unref()
  const playgroundOn = playgroundEnabled(config.graphQL)
  const docsOn = apiDocsEnabled(config.apiDocs)
  const contractJson = Buffer.from(JSON.stringify(document))
  let sdl: Buffer | undefined
  const sdlText = () => (sdl ??= Buffer.from(compileSDL(config)))

  let inFlight = 0
  const app = new Koa()
  // Behind N trusted proxies the client is the address the outermost of them saw: the N-th entry from the right
  // of X-Forwarded-For. Entries further left are whatever the client wrote, so never trusted (rate limits).
  const hops = options.trustProxy ?? trustedProxyHops()
  app.proxy = hops > 0
  app.maxIpsCount = hops

  app.use(async (ctx) => {
    inFlight++
    const started = performance.now()
    const requestId = /^[\w-]{1,64}$/.test(ctx.get('x-request-id'))
      ? ctx.get('x-request-id')
      : randomUUID()
    const log = logger.child({ requestId })
    ctx.set('X-Request-Id', requestId)
    ctx.set('X-Content-Type-Options', 'nosniff')
    try {
      // --- CORS
      const origin = ctx.get('origin')
      if (origin && (cors === '*' || cors.includes(origin))) {
        ctx.set('Access-Control-Allow-Origin', cors === '*' ? '*' : origin)
        ctx.set('Vary', 'Origin')
        ctx.set('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After, WWW-Authenticate')
        if (cors !== '*') ctx.set('Access-Control-Allow-Credentials', 'true')
        if (ctx.method === 'OPTIONS') {
          ctx.set('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS')
          ctx.set(
            'Access-Control-Allow-Headers',
            ctx.get('access-control-request-headers') || 'Content-Type, Authorization',
          )
          ctx.set('Access-Control-Max-Age', '600')
          ctx.status = 204
          return
        }
      }
      const reply = await serve(ctx, log)
      ctx.status = reply.status
      for (const [k, v] of Object.entries(reply.headers ?? {})) ctx.set(k, v)
      // An answer made for a logged-in caller is theirs alone: no shared or browser cache may keep it.
      if (ctx.state.authenticated) ctx.set('Cache-Control', 'no-store')
      if (reply.raw) {
        ctx.body = reply.raw
      } else if (reply.body !== undefined) {
        ctx.type = 'application/json'
        ctx.body = JSON.stringify(reply.body)
      }
    } finally {
      inFlight--
      log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
    }
  })

  async function serve(ctx: Koa.Context, log: Logger): Promise<RestReply & { raw?: Buffer }> {
    const fail = (error: unknown) =>
      errorReply(error, (e) => log.error({ err: e }, 'request failed'))
    const path = ctx.path
    if (path !== base && !path.startsWith(`${base}/`)) return fail(routeNotFound(ctx.method, path))
    const rel = path.slice(base.length) || '/'
    try {
      const raw = BODY_METHODS.has(ctx.method)
        ? await readBody(ctx.req, bodyLimit)
        : Buffer.alloc(0)
      const headers = new Headers(
        Object.entries(ctx.headers).flatMap(([k, v]) =>
          v === undefined
            ? []
            : Array.isArray(v)
              ? v.map((x) => [k, x] as [string, string])
              : [[k, v] as [string, string]],
        ),
      )
      const req: CmsRequest = {
        cms,
        user: null,
        context: {},
        headers,
        routeParams: {},
        budget: new RequestBudget(config.limits),
      }
      const custom = matchEndpoint(endpoints, ctx.method.toLowerCase(), rel)
      if (options.authenticate)
        ctx.state.authenticated = Boolean((req.user = await options.authenticate(headers, cms)))
      else await authenticateRequest(cms, ctx, req, cors, Boolean(custom))

      // --- the contracts and the API reference page
      if (ctx.method === 'GET' && rel === '/openapi.json')
        return { status: 200, headers: { 'Content-Type': 'application/json' }, raw: contractJson }
      if (ctx.method === 'GET' && graphql && rel === `${config.routes.graphQL}/schema.graphql`)
        return {
          status: 200,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          raw: sdlText(),
        }
      if (docsOn && ctx.method === 'GET' && (rel === '/docs' || rel.startsWith('/docs/'))) {
        const page = await apiDocs(
          rel.slice('/docs'.length),
          `${base}/docs`,
          `${base}/openapi.json`,
        )
        if (page)
          return {
            status: 200,
            headers: {
              'Content-Type': page.type,
              'Cache-Control': 'public, max-age=3600',
              ...page.headers,
            },
            raw: page.body,
          }
      }

      // --- GraphQL and its playground
      const play = config.routes.graphQLPlayground
      if (playgroundOn && ctx.method === 'GET' && (rel === play || rel.startsWith(`${play}/`))) {
        const page = await playground(
          rel.slice(play.length),
          `${base}${config.routes.graphQL}`,
          `${base}${play}`,
        )
        if (page)
          return {
            status: 200,
            headers: {
              'Content-Type': page.type,
              'Cache-Control': 'public, max-age=3600',
              ...page.headers,
            },
            raw: page.body,
          }
      }
      if (
        graphql &&
        rel === config.routes.graphQL &&
        (ctx.method === 'POST' || ctx.method === 'GET')
      ) {
        if (raw.length) parseJson(raw, ctx.get('content-type') || undefined) // JSON, and not nested past the limit
        const out = await graphql.handle({
          method: ctx.method,
          url: ctx.href,
          headers: ctx.headers,
          body: raw.toString('utf8'),
          req,
          ip: ctx.ip,
        })
        return { status: out.status, headers: out.headers, raw: Buffer.from(out.body ?? '') }
      }

      // --- custom endpoints first
      if (custom) {
        req.routeParams = custom.params
        const response = await custom.route.endpoint.handler(
          Object.assign(req, {
            json: async () => parseJson(raw, ctx.get('content-type') || 'application/json'),
          }),
        )
        const out = Buffer.from(await response.arrayBuffer())
        const h: Record<string, string> = {}
        response.headers.forEach((v, k) => {
          h[k] = v
        })
        return { status: response.status, headers: h, raw: out }
      }

      // --- the contract's operations
      const { plain, structured } = parseQuery(ctx.querystring)
      for (const [name, value] of Object.entries(structured)) {
        if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
          throw new BadRequest(`${name} nests deeper than ${MAX_JSON_DEPTH} levels.`, [
            { path: name },
          ])
      }
      const body = parseJson(raw, ctx.get('content-type') || undefined)
      const route = router(ctx.method.toLowerCase(), rel)
      // Contract files, pages and custom endpoints were served above: here they are switched off (production).
      if (!route || route.meta.kind === 'static' || route.meta.kind === 'endpoint')
        throw routeNotFound(ctx.method, path)
      const handler: RestHandlers[RestKind] = kinds[route.meta.kind]
      // where/select/populate are validated against the contract as the objects they are (JSON or brackets).
      const query: Record<string, unknown> = { ...plain }
      for (const name of STRUCTURED)
        if (structured[name]) query[name] = structuredClone(structured[name])
      const validation = api.validateRequest(
        {
          method: ctx.method,
          path: rel,
          query: query as never,
          headers: ctx.headers as Record<string, string>,
          body,
        },
        operations.get(route.operationId)!,
      )
      if (!validation.valid) {
        // A caller the operation's access turns away learns nothing from a 400: Local's access answers first.
        await refuseIfDenied(cms, route.meta, req, { id: route.params.id, data: body })
        throw validationError(validation.errors ?? [])
      }
      return await handler(cms, {
        meta: route.meta,
        ip: ctx.ip,
        raw,
        params: route.params,
        query: plain,
        structured,
        body,
        req,
      })
    } catch (error) {
      // The orders API speaks RFC 9457 problem details; an invalid body there is a 422.
      if (rel.startsWith('/v1/'))
        return problemReply(error, (e) => log.error({ err: e }, 'request failed'))
      return fail(error)
    }
  }

  return { app, document, logger, inFlight: () => inFlight }
}
