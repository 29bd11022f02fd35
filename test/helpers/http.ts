/**
 * Black-box HTTP helpers: a real Koa server on a loopback port over a fresh database, and a client whose every
 * response is checked against the contract (status declared for the operation, body valid against its schema).
 * A test cannot pass on a response the contract does not describe.
 */
import type { TestFn } from 'ava'
import { pino } from 'pino'
import type { Config } from '../../server/config/types.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { listen, type RunningServer } from '../../server/http/server.ts'
import type { AppOptions } from '../../server/http/app.ts'
import { contractBackend } from '../../server/http/validator.ts'
import type { Cms } from '../../server/local/cms.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from './db.ts'

// Captured once: a test may point `globalThis.fetch` at `state.fetch` (a client with no fetch option), which must
// not then call itself.
const nativeFetch = globalThis.fetch

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
}

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContractViolation'
  }
}

/** A validator of responses against a contract document. */
export async function contractChecker(document: Record<string, unknown>, outside: string[] = []) {
  const api = contractBackend(document)
  await api.init()
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
    ) as
      | undefined
      | { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }
    const where = `${method} ${url.pathname}${url.search} → ${status}`
    if (!op) {
      // Not an operation of the contract (unknown route): it must still be the standard error body.
      const errors = (body as { errors?: { message?: unknown }[] })?.errors
      if (status !== 404 || !Array.isArray(errors) || typeof errors[0]?.message !== 'string')
        throw new ContractViolation(
          `${where}: no operation matches and the answer is not the 404 error body: ${JSON.stringify(body)}`,
        )
      return
    }
    const responses = op.responses
    const declared = responses[String(status)] ?? responses.default
    if (!declared)
      throw new ContractViolation(
        `${where}: status ${status} is not declared for ${op.operationId} (declared: ${Object.keys(responses).join(', ')})`,
      )
    if (!declared.content) {
      if (body !== undefined && body !== '')
        throw new ContractViolation(
          `${where}: ${op.operationId} declares no body for ${status}, got ${JSON.stringify(body)}`,
        )
      return
    }
    const mediaTypes = Object.keys(declared.content)
    if (contentType && !mediaTypes.some((m) => contentType.startsWith(m)))
      throw new ContractViolation(
        `${where}: content type ${contentType}, the contract says ${mediaTypes.join(' or ')}`,
      )
    const result = api.validateResponse(body, op as never, status)
    if (result.errors?.length)
      throw new ContractViolation(
        `${where}: the body does not match the contract of ${op.operationId}: ${JSON.stringify(result.errors.slice(0, 5))}\nbody: ${JSON.stringify(body).slice(0, 1500)}`,
      )
  }
}

export interface ServerState<T> {
  cms: Cms
  server: RunningServer
  url: string
  data: T
  request: <R = any>(
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<HttpResponse<R>>
  /** A fetch that checks every response against the contract (for generated clients). */
  fetch: typeof fetch
}

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
    state.cms = await getCms({ config: { ...config, db: { url: fresh.url } } })
    state.data = (init ? await init(state.cms) : undefined) as T
    state.server = await listen(state.cms, {
      port: 0,
      logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
      ...options,
    })
    state.url = state.server.url
    const { routes } = state.cms.config
    const check = await contractChecker(compileOpenAPI(state.cms.config), [
      routes.api + routes.graphQL,
      routes.api + routes.graphQLPlayground,
    ])
    state.fetch = (async (input: Request | string | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      const res = await nativeFetch(request)
      const text = await res.clone().text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        /* not JSON */
      }
      check(
        request.method,
        new URL(request.url),
        res.status,
        parsed,
        res.headers.get('content-type'),
      )
      return res
    }) as typeof fetch
    state.request = async (method, path, opts = {}) => {
      const url = new URL(
        state.url +
          path +
          (opts.query
            ? `?${typeof opts.query === 'string' ? opts.query : new URLSearchParams(opts.query)}`
            : ''),
      )
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
      check(method, url, res.status, parsed, res.headers.get('content-type'))
      return { status: res.status, body: parsed as never, headers: res.headers, text }
    }
  })
  test.after.always(async () => {
    await state.server?.close()
    await drop()
  })
  return state
}
