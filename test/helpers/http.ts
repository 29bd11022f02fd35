/**
 * Black-box HTTP helpers: a real Koa server on a loopback port over a fresh database, and a client whose every
 * response is checked against the contract (status declared for the operation, body valid against its schema).
 * A test cannot pass on a response the contract does not describe.
 */
import type { TestFn } from 'ava'
import { pino } from 'pino'
import type { Config } from '../../server/config/types.ts'
import { listen, type RunningServer } from '../../server/http/server.ts'
import type { AppOptions } from '../../server/http/app.ts'
import { answerViolation, type DeclaredOperation } from '../../server/http/conformance.ts'
import { initialisedBackend } from '../../server/http/validator.ts'
import type { Cms } from '../../server/local/cms.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from './db.ts'
import { prismMode, prismViolation, routeRequest, startPrism, type PrismProxy } from './prism.ts'

// Captured once: a test may point `globalThis.fetch` at `state.fetch` (a client with no fetch option), which must
// not then call itself.
const nativeFetch = globalThis.fetch

/**
 * The header a request sent through `fetch` carries when a test sends it against the contract on purpose (its
 * value the reason), for clients that take per-call headers but no test options: in Prism mode it goes to the
 * response-only proxy, as a `request` with `invalid` does. The header is removed before the request is sent.
 */
export const INVALID_HEADER = 'x-cms-test-invalid'

/**
 * A draft save (`draft=true` on a write) may leave required fields out, which the body schema cannot say (it
 * cannot read the query: docs/contracts.md, "Drafts"): Prism checks its answer only.
 */
function draftSave(request: Request, target: URL): string | undefined {
  return ['POST', 'PATCH'].includes(request.method) && target.searchParams.get('draft') === 'true'
    ? 'a draft save (draft=true) may leave required fields out (docs/contracts.md, "Drafts")'
    : undefined
}

export interface HttpResponse<T = any> {
  status: number
  body: T
  headers: Headers
  text: string
}
export interface RequestOptions {
  query?: string | Record<string, string>
  body?: unknown
  raw?: string | Buffer
  headers?: Record<string, string>
  /**
   * Marks a request the contract refuses on purpose (a wrong type, a missing field, a value past a limit…), with
   * the reason: the test checks the server's own 4xx. In Prism mode it goes through Prism with request
   * validation off, which still validates the answer (test/helpers/prism.ts); counted and listed.
   */
  invalid?: string
  /**
   * Marks a request Prism cannot forward (an unknown route or method, malformed JSON), with the reason: in Prism
   * mode it goes straight to the server; counted and listed.
   */
  direct?: string
}

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContractViolation'
  }
}

/** A validator of responses against a contract document. */
export async function contractChecker(document: Record<string, unknown>, outside: string[] = []) {
  // The server's own backend when the document is the one it serves (useServer): one per document in a process.
  const api = await initialisedBackend(document)
  const base = (document.servers as { url: string }[])[0].url
  return (method: string, url: URL, status: number, body: unknown, contentType: string | null) => {
    const path = url.pathname.startsWith(base)
      ? url.pathname.slice(base.length) || '/'
      : url.pathname
    if (outside.includes(url.pathname)) return // GraphQL and the playground: their contract is the SDL
    const op = (
      url.pathname.startsWith(base)
        ? api.matchOperation({ method, path, headers: {}, query: {} })
        : undefined
    ) as DeclaredOperation | undefined
    const where = `${method} ${url.pathname}${url.search} → ${status}`
    if (!op) {
      // Not an operation of the contract: an unknown route (404), or a method a declared path does not serve
      // (405, docs/rest.md "Methods"); either way the standard error body.
      const errors = (body as { errors?: { message?: unknown }[] })?.errors
      const pathDeclared =
        url.pathname.startsWith(base) &&
        ['get', 'post', 'put', 'patch', 'delete'].some((m) =>
          api.matchOperation({ method: m, path, headers: {}, query: {} }),
        )
      const expected = pathDeclared ? [404, 405] : [404]
      if (
        !expected.includes(status) ||
        !Array.isArray(errors) ||
        typeof errors[0]?.message !== 'string'
      )
        throw new ContractViolation(
          `${where}: no operation matches and the answer is not the ${expected.join('/')} error body: ${JSON.stringify(body)}`,
        )
      return
    }
    const violation = answerViolation(api, op, status, body, contentType)
    if (violation)
      throw new ContractViolation(
        `${where}: ${violation.message}${violation.errors ? `: ${JSON.stringify(violation.errors)}\nbody: ${JSON.stringify(body).slice(0, 1500)}` : ''}`,
      )
  }
}

export interface ServerState<T> {
  cms: Cms
  server: RunningServer
  /** Where the tests send requests: the server, or in Prism mode the Prism proxy in front of it. */
  url: string
  data: T
  /** The Prism proxies in Prism mode. */
  prism?: PrismProxy
  request: <R = any>(
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<HttpResponse<R>>
  /** A fetch that checks every response against the contract (for generated clients). */
  fetch: typeof fetch
  /** The URL of `path` for a raw fetch Prism cannot forward (see `RequestOptions.direct`). */
  directUrl: (path: string, reason: string) => string
}

/** GraphQL and its playground: their contract is the SDL. */
export const GRAPHQL = 'GraphQL: outside the OpenAPI contract'
/**
 * A body that is not JSON: Prism 5.16 never answers it, nor forwards it (docs/contracts.md, "Prism validating
 * proxy"), so the request goes straight to the server.
 */
export const MALFORMED_JSON = 'malformed JSON, which Prism leaves unanswered'

/**
 * A multipart body that is not UTF-8 text (a PNG, a JPEG…): Prism 5.16 reads every non-JSON body as UTF-8 text and
 * forwards that text, so the file would reach the server corrupted. Such a request goes straight to the server;
 * a text file (an SVG) still goes through Prism, which validates the multipart body against the contract.
 */
export const BINARY_MULTIPART =
  'a binary multipart body, which Prism forwards re-encoded as UTF-8 text'
async function binaryMultipart(request: Request): Promise<string | undefined> {
  if (!/^multipart\//i.test(request.headers.get('content-type') ?? '')) return undefined
  const bytes = await request.clone().arrayBuffer()
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return undefined
  } catch {
    return BINARY_MULTIPART
  }
}

/** A JSON create of an upload collection that needs a file: the contract takes multipart only there. */
export const JSON_CREATE_OF_UPLOAD =
  'a JSON create of an upload collection that needs a file (the contract takes multipart only)'
/** A multipart create of such a collection without its file part, which the contract requires. */
export const CREATE_WITHOUT_FILE = 'a multipart create without the file the contract requires'

/**
 * A file download: Prism 5.16 forwards an answer's body re-encoded as UTF-8 text, so `s.fetch` sends it through
 * Prism (which validates the exchange) and then reads the bytes from the server.
 */
export const FILE_DOWNLOAD = 'a file download, whose bytes Prism re-encodes as UTF-8 text'

/** Starts the CMS and its HTTP server before the file's tests, with `init` run once; stops both after. */
export function useServer<T = undefined>(
  test: TestFn,
  config: Config,
  init?: (cms: Cms) => Promise<T>,
  options: AppOptions = {},
): ServerState<T> {
  const state = {} as ServerState<T>
  let drop = async () => {}
  test.before(async () => {
    const fresh = await freshDatabaseUrl()
    drop = fresh.drop
    state.cms = await getCms({ config: { ...config, db: { ...config.db, url: fresh.url } } })
    state.data = (init ? await init(state.cms) : undefined) as T
    state.server = await listen(state.cms, {
      port: 0,
      logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
      ...options,
    })
    // The document the server compiled at start and serves at /api/openapi.json (test/http/api-docs.test.ts holds
    // it to the committed contract): compiling it again per file cost a contract compilation for nothing.
    const contract = state.server.document
    const { routes } = state.cms.config
    const outside = [routes.api + routes.graphQL, routes.api + routes.graphQLPlayground]
    if (prismMode) state.prism = await startPrism(state.server.url, contract, test.meta.file)
    state.url = state.prism?.url ?? state.server.url
    const check = await contractChecker(contract, outside)
    const route = (method: string, url: URL, options: RequestOptions) =>
      routeRequest(state.prism, state.server.url, method, url, {
        ...options,
        direct: options.direct ?? (outside.includes(url.pathname) ? GRAPHQL : undefined),
      })
    const verify = (method: string, url: URL, res: Response, body: unknown) => {
      const violation = state.prism && prismViolation(res.headers, body)
      if (violation)
        throw new ContractViolation(`${method} ${url.pathname}${url.search}: ${violation}`)
      check(method, url, res.status, body, res.headers.get('content-type'))
    }
    state.directUrl = (path, reason) =>
      routeRequest(state.prism, state.server.url, 'fetch', new URL(state.url + path), {
        direct: reason,
      }).href
    // Creates the contract takes as multipart with a file only (upload collections that need one): a JSON one,
    // or a multipart one without the file part, is a request the contract refuses, which the SDK tests send on
    // purpose to see the server's 400.
    const multipartOnly = state.cms.config.collections
      .filter((c) => c.upload && c.upload.filesRequiredOnCreate)
      .map((c) => `${routes.api}/${c.slug}`)
    const createWithoutFile = async (request: Request, url: URL) => {
      if (request.method !== 'POST' || !multipartOnly.includes(url.pathname)) return undefined
      if (!/^multipart\//i.test(request.headers.get('content-type') ?? ''))
        return JSON_CREATE_OF_UPLOAD
      const body = await request.clone().text()
      return /content-disposition: form-data; name="file"/i.test(body)
        ? undefined
        : CREATE_WITHOUT_FILE
    }
    // The file routes of upload collections: their answers are bytes (see FILE_DOWNLOAD)
    const fileRoutes = state.cms.config.collections
      .filter((c) => c.upload)
      .map((c) => `${routes.api}/${c.slug}/file/`)
    const send = async (request: Request, url: URL) => {
      // Moved elsewhere, a body goes as bytes: a Request re-wrapped streams it, which Prism forwards with a
      // Content-Length beside Transfer-Encoding.
      const moved = async () =>
        new Request(url, {
          method: request.method,
          headers: request.headers,
          body: ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer(),
        })
      const res = await nativeFetch(url.href === request.url ? request : await moved())
      const text = await res.clone().text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        /* not JSON */
      }
      verify(request.method, url, res, parsed)
      return res
    }
    state.fetch = (async (input: Request | string | URL, init?: RequestInit) => {
      // A request a test sends malformed on purpose says so in this header (never sent on: see INVALID_HEADER).
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}))
      const onPurpose = headers.get(INVALID_HEADER)
      headers.delete(INVALID_HEADER)
      const request = new Request(input, onPurpose ? { ...init, headers } : init)
      const target = new URL(request.url)
      const download =
        state.prism &&
        ['GET', 'HEAD'].includes(request.method) &&
        fileRoutes.some((p) => target.pathname.startsWith(p))
      // A safe read: Prism validates the exchange, and the bytes come from the server itself
      if (download) await send(request.clone(), target)
      const direct = download ? FILE_DOWNLOAD : state.prism && (await binaryMultipart(request))
      const invalid =
        state.prism &&
        (onPurpose || (await createWithoutFile(request, target)) || draftSave(request, target))
      return send(
        request,
        route(request.method, target, {
          direct: direct || undefined,
          invalid: invalid || undefined,
        }),
      )
    }) as typeof fetch
    state.request = async (method, path, opts = {}) => {
      const query = opts.query
        ? `?${typeof opts.query === 'string' ? opts.query : new URLSearchParams(opts.query)}`
        : ''
      const url = route(method, new URL(state.url + path + query), opts)
      const headers: Record<string, string> = { ...opts.headers }
      let body: string | Uint8Array | undefined
      if (opts.raw !== undefined)
        body = typeof opts.raw === 'string' ? opts.raw : new Uint8Array(opts.raw)
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body)
        headers['content-type'] ??= 'application/json'
      }
      const res = await fetch(url, { method, headers, body: body as BodyInit | undefined })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        /* not JSON: checked as text */
      }
      verify(method, url, res, parsed)
      return { status: res.status, body: parsed as never, headers: res.headers, text }
    }
  })
  test.after.always(async () => {
    try {
      await state.prism?.stop() // fails the file when Prism reported a violation, caught by a helper or not
    } finally {
      await state.server?.close()
      await drop()
    }
  })
  return state
}

/**
 * Bearer headers of the seeded users (`<name>@example.com` / `<name>-password`, the example app's seed), each
 * logged in once per server and kept.
 */
export function seededBearer(s: Pick<ServerState<unknown>, 'request'>) {
  const tokens = new Map<string, string>()
  return async (name: string): Promise<Record<string, string>> => {
    if (!tokens.has(name)) {
      const body = { email: `${name}@example.com`, password: `${name}-password` }
      tokens.set(name, (await s.request('POST', '/api/users/login', { body })).body.token)
    }
    return { authorization: `Bearer ${tokens.get(name)}` }
  }
}
