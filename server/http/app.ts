import Koa from 'koa'
import type { Logger } from 'pino'
import type { CmsRequest, SanitizedConfig } from '../config/types.ts'
import { compileContract } from '../contracts/openapi.ts'
import { cachedContract } from '../contracts/cache.ts'
import type { Cms } from '../local/cms.ts'
import { RequestBudget } from '../local/budget.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { BODY_METHODS, parseJson, readBody } from './body.ts'
import { isMultipart, uploadBody, uploadRoute } from './multipart.ts'
import { contractDispatcher } from './dispatch.ts'
import { endpointCheck } from './endpoint-check.ts'
import { endpointRouter, type EndpointRoute } from './endpoints.ts'
import { errorReply, MethodNotAllowed, problemReply, routeNotFound } from './errors.ts'
import type { GraphQLEndpoint } from './graphql.ts'
import { authenticateRequest } from './middleware/authenticate.ts'
import { cors, corsHeaders, corsOrigins } from './middleware/cors.ts'
import { InFlight, requestLog } from './middleware/request-log.ts'
import { pages, type RawReply } from './pages.ts'
import { adminApp } from './admin.ts'
import { trustedProxyHops } from './proxy.ts'
import type { RouteMatch } from './router.ts'
import { routeTable } from './routes.ts'
import type { AppContext, AppState } from './state.ts'

/**
 * The REST server: a Koa app of three middlewares (request id and log, CORS, the API) where the API serves, in
 * order, the contract files and pages, GraphQL, custom endpoints, and the contract's operations (dispatch.ts:
 * routed and validated by the document compiled from the config once at start, served through the Local layer).
 * A method a served path does not serve is a 405 with `Allow` (routes.ts); requests Node's parser refuses are
 * answered in client-error.ts. Every answer is JSON; errors are `{ errors: [...] }` (problem details under
 * `/v1`); nothing carries a stack.
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
  /**
   * Check every answer of a custom endpoint against what the contract declares for it and log a mismatch
   * (endpoint-check.ts; the answer is never changed). Default: on unless `NODE_ENV=production`.
   */
  checkEndpoints?: boolean
  /**
   * Keep the compiled contract on disk and use it again while nothing it was compiled from changed
   * (server/contracts/cache.ts): `cms start` turns it on. Default off.
   */
  contractCache?: boolean
}

export interface CmsApp {
  app: Koa
  /** The compiled contract the app serves. */
  document: Record<string, unknown>
  logger: Logger
  /** Requests being served right now (graceful shutdown waits for them). */
  inFlight: () => number
}

function headersOf(ctx: AppContext): Headers {
  const headers = new Headers()
  for (const [k, v] of Object.entries(ctx.headers))
    for (const x of v === undefined ? [] : Array.isArray(v) ? v : [v]) headers.append(k, x)
  return headers
}

/**
 * The GraphQL endpoint, its schema built on the first GraphQL request: the graphql package and the schema are
 * about 10 MB of RSS a REST-only deployment never uses, and building them right after start-up competed with
 * the first requests for the CPU (docs/performance.md, "Start-up").
 */
function lazyGraphQL(cms: Cms, logger: Logger) {
  if (cms.config.graphQL.disable) return undefined
  let endpoint: Promise<GraphQLEndpoint> | undefined
  const load = () =>
    (endpoint ??= import('./graphql.ts').then((m) => m.createGraphQLEndpoint(cms, logger)))
  return { handle: async (a: Parameters<GraphQLEndpoint['handle']>[0]) => (await load()).handle(a) }
}

/**
 * The API middleware: the reply `serve` makes, a custom endpoint's checked against what the contract declares
 * (logged, never changed), written on the context.
 */
function apiMiddleware(
  serve: (ctx: AppContext, log: Logger) => Promise<RawReply>,
  checkEndpoint: ReturnType<typeof endpointCheck> | undefined,
): Koa.Middleware<AppState> {
  return async (ctx) => {
    const log = ctx.state.log
    if (!log) throw new Error('The API middleware runs after requestLog, which sets the log.')
    const reply = await serve(ctx, log)
    const endpoint = ctx.state.endpoint
    if (checkEndpoint && endpoint)
      await checkEndpoint(endpoint, { method: ctx.method, path: ctx.path }, reply, log)
    writeReply(ctx, reply)
  }
}

/** Writes a reply on the Koa context: status, headers, and the body as given (raw) or as JSON. */
function writeReply(ctx: AppContext, reply: RawReply): void {
  ctx.status = reply.status
  for (const [k, v] of Object.entries(reply.headers ?? {})) ctx.set(k, v)
  // An answer made for a logged-in caller is theirs alone: no shared or browser cache may keep it.
  if (ctx.state.authenticated) ctx.set('Cache-Control', 'no-store')
  if (reply.stream) {
    ctx.body = reply.stream
  } else if (reply.raw) {
    ctx.body = reply.raw
  } else if (reply.body !== undefined) {
    ctx.type = 'application/json'
    ctx.body = JSON.stringify(reply.body)
  }
}

/** The config's compiled contract, from the cache (server/contracts/cache.ts) where the options turn it on. */
const contractOf = (config: SanitizedConfig, cache = false) =>
  cache ? cachedContract(config, compileContract).document : compileContract(config)

/** The request the Local layer sees: anonymous until authenticated, with its own budget. */
function newRequest(cms: Cms, headers: Headers, log: Logger): CmsRequest {
  return {
    cms,
    payload: cms,
    payloadAPI: 'REST',
    user: null,
    context: {},
    headers,
    routeParams: {},
    budget: new RequestBudget(cms.config.limits),
    // Work an operation leaves running after the answer logs its failure here (local/background.ts).
    log,
  }
}

/** A GraphQL request (POST or GET on the GraphQL route), its body checked as JSON first. */
async function serveGraphQL(
  graphql: NonNullable<ReturnType<typeof lazyGraphQL>>,
  ctx: AppContext,
  raw: Buffer,
  contentType: string | undefined,
  req: CmsRequest,
): Promise<RawReply> {
  if (raw.length) parseJson(raw, contentType) // JSON, and not nested past the limit
  req.payloadAPI = 'GraphQL'
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

/**
 * A custom endpoint's handler, given the request as Payload's is a Fetch Request: its `method`, `url`, route params,
 * `searchParams`, `json()` and `text()`; its Response as a reply.
 */
async function serveEndpoint(
  custom: RouteMatch<EndpointRoute>,
  req: CmsRequest,
  raw: Buffer,
  contentType: string | undefined,
  ctx: { method: string; href: string; querystring: string },
): Promise<RawReply> {
  req.routeParams = custom.params
  req.searchParams = new URLSearchParams(ctx.querystring)
  const response = await custom.value.endpoint.handler(
    Object.assign(req, {
      method: ctx.method,
      url: ctx.href,
      json: async () => parseJson(raw, contentType ?? 'application/json'),
      text: async () => raw.toString('utf8'),
    }),
  )
  const h: Record<string, string> = {}
  response.headers.forEach((v, k) => {
    h[k] = v
  })
  return {
    status: response.status,
    headers: h,
    raw: Buffer.from(await response.arrayBuffer()),
  }
}

const none = Buffer.alloc(0)

/** Koa behind `hops` trusted proxies: the client address is read from X-Forwarded-For that far back. */
function proxied(app: Koa<AppState>, hops: number): Koa<AppState> {
  app.proxy = hops > 0
  app.maxIpsCount = hops
  return app
}

export async function createApp(cms: Cms, options: AppOptions = {}): Promise<CmsApp> {
  const config: SanitizedConfig = cms.config
  // One logger for the server and the Local API it serves: hooks log through req.payload.logger.
  if (options.logger) cms.logger = options.logger
  const logger = cms.logger
  const bodyLimit = options.bodyLimit ?? 1024 * 1024
  const origins = corsOrigins(options.cors, config.cors)
  const base = config.routes.api
  const document = contractOf(config, options.contractCache)
  const endpoints = endpointRouter(config)
  const operations = await contractDispatcher(cms, document)
  const { serve: servePage, serves: pageServed } = pages(config, document)
  const routes = routeTable(config, document, endpoints, pageServed)
  const graphql = lazyGraphQL(cms, logger)
  const checkEndpoint =
    (options.checkEndpoints ?? process.env.NODE_ENV !== 'production')
      ? endpointCheck(document)
      : undefined

  const inFlight = new InFlight()
  const app = proxied(new Koa<AppState>(), options.trustProxy ?? trustedProxyHops())
  app.use(requestLog(logger, inFlight))
  app.use(cors(origins, corsHeaders(config.cors)))
  const admin = adminApp(config)
  if (admin) app.use(admin)
  app.use(apiMiddleware(serve, checkEndpoint))

  async function serve(ctx: AppContext, log: Logger): Promise<RawReply> {
    const logError = (e: unknown) => log.error({ err: e }, 'request failed')
    const path = ctx.path
    // Node refuses this one itself with a bare 400 unless told not to (server.ts): the error body instead.
    if (!ctx.get('host') && ctx.req.httpVersion !== '1.0')
      return errorReply(new BadRequest('An HTTP/1.1 request needs a Host header.'), logError)
    if (path !== base && !path.startsWith(`${base}/`))
      return errorReply(routeNotFound(ctx.method, path), logError)
    const rel = path.slice(base.length) || '/'
    const contentType = ctx.get('content-type') || undefined
    // The custom endpoint this request is for: what the CMS answers before its handler runs (413, a refused
    // cookie write) is checked against its operation too.
    const custom = endpoints.match(ctx.method, rel)
    ctx.state.endpoint = custom?.value
    let cleanup: (() => Promise<void>) | undefined
    try {
      // HEAD is left as it was (a 404 where no route declares it); OPTIONS from a CORS origin never gets here.
      const allowed = routes.allowed(rel)
      if (ctx.method !== 'HEAD' && allowed.length && !allowed.includes(ctx.method))
        throw new MethodNotAllowed(ctx.method, path, allowed)
      // A file for an upload collection is read once the caller is known (below), streamed to disk.
      const upload = isMultipart(contentType) ? uploadRoute(config, ctx.method, rel) : undefined
      let raw = BODY_METHODS.has(ctx.method) && !upload ? await readBody(ctx.req, bodyLimit) : none
      const headers = headersOf(ctx)
      const req = newRequest(cms, headers, log)
      // Pages need no caller: a credential, valid or not, plays no part in them.
      const page = await servePage(ctx.method, rel)
      if (page) {
        ctx.state.endpoint = undefined
        return page
      }

      // Operations declared `security: []` (custom endpoints too, by their openapi fragment) need no credential,
      // so a rejected one leaves the caller anonymous there; everywhere else it is a 401.
      const lenient = routes.isPublic(ctx.method, rel)
      if (options.authenticate)
        ctx.state.authenticated = Boolean((req.user = await options.authenticate(headers, cms)))
      else await authenticateRequest(cms, ctx, req, origins, lenient)

      if (
        graphql &&
        rel === config.routes.graphQL &&
        (ctx.method === 'POST' || ctx.method === 'GET')
      ) {
        ctx.state.endpoint = undefined
        return await serveGraphQL(graphql, ctx, raw, contentType, req)
      }

      if (custom) return await serveEndpoint(custom, req, raw, contentType, ctx)

      if (upload) ({ raw, cleanup } = await uploadBody(ctx.req, req, upload, bodyLimit))
      return await operations({
        method: ctx.method,
        rel,
        path,
        querystring: ctx.querystring,
        headers: ctx.headers,
        contentType: upload ? 'application/json' : contentType,
        raw,
        ip: ctx.ip,
        req,
      })
    } catch (error) {
      // The orders API speaks RFC 9457 problem details; an invalid body there is a 422.
      if (rel.startsWith('/v1/')) return problemReply(error, logError)
      return errorReply(error, logError)
    } finally {
      await cleanup?.()
    }
  }

  return { app, document, logger, inFlight: () => inFlight.count }
}
