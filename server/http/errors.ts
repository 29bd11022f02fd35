import { APIError } from '../errors/api-error.ts'
import { NotFound } from '../errors/not-found.ts'
import { STATUS_TITLES } from '../errors/catalogue.ts'
import { isRecord } from '../utilities/is-record.ts'

export interface ErrorReply {
  status: number
  body: { errors: { name?: string; message: string; data?: unknown }[] }
  headers: Record<string, string>
}

/**
 * Any thrown value → the error body of DESIGN.md §5 (`{ errors: [{ name, message, data? }] }`). Errors the CMS
 * raises on purpose keep their status and message; anything else is a 500 "Something went wrong." whose
 * details go to the log (with the request id) and never to the client. A 401 says how to authenticate.
 */
export function errorReply(error: unknown, log: (error: unknown) => void): ErrorReply {
  if (error instanceof APIError && error.expose) {
    const headers: Record<string, string> = {}
    if (error.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="cms"'
    if (error instanceof MethodNotAllowed) headers.Allow = error.allow.join(', ')
    if ((error.status === 429 || error.status === 503) && 'retryAfter' in error && error.retryAfter)
      headers['Retry-After'] = String(error.retryAfter)
    const entry: { name?: string; message: string; data?: unknown } = {
      name: error.name,
      message: error.message,
    }
    if (error.data !== undefined) entry.data = error.data
    return { status: error.status, body: { errors: [entry] }, headers }
  }
  log(error)
  return {
    status: 500,
    body: { errors: [{ name: 'InternalError', message: 'Something went wrong.' }] },
    headers: {},
  }
}

/** 404 for a path no route, contract operation or endpoint serves (the same body as every other error). */
export function routeNotFound(method: string, path: string): NotFound {
  return new NotFound(`Route not found: ${method} ${path}`)
}

/**
 * 405 for a method a served path does not serve (server/http/routes.ts): the `Allow` header lists the ones it does.
 * Not in the error catalogue: no operation raises it, the request matches none (docs/rest.md, "Methods").
 */
export class MethodNotAllowed extends APIError {
  readonly allow: string[]
  constructor(method: string, path: string, allow: string[]) {
    super(`Method not allowed: ${method} ${path} (allowed: ${allow.join(', ')})`, 405)
    this.name = 'MethodNotAllowed'
    this.allow = allow
  }
}

/**
 * The orders API's errors as RFC 9457 problem details (`application/problem+json`). A request body the
 * contract refuses (a validation error) is 422 there, with the failing fields in `errors`.
 */
export function problemReply(
  error: unknown,
  log: (error: unknown) => void,
): ErrorReply & { raw: Buffer } {
  const base = errorReply(error, log)
  const entry = base.body.errors[0]
  const isBody = entry.name === 'ValidationError'
  const status = isBody ? 422 : base.status
  // The catalogue's statuses have titles; a 405 (routes.ts) is not in it.
  const titles: Partial<Record<number, string>> = STATUS_TITLES
  const problem: Record<string, unknown> = {
    type: 'about:blank',
    title: titles[status] ?? (status === 405 ? 'Method Not Allowed' : 'Error'),
    status,
    detail: entry.message,
  }
  if (isBody) problem.errors = (isRecord(entry.data) ? entry.data.errors : undefined) ?? []
  return {
    status,
    body: base.body,
    headers: { ...base.headers, 'Content-Type': 'application/problem+json' },
    raw: Buffer.from(JSON.stringify(problem)),
  }
}
