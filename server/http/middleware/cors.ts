import type Koa from 'koa'
import type { CORSConfig } from '../../config/types.ts'

/**
 * The CORS origins: a list, `'*'`, or none. `given` (the app's option) first, then `CORS_ORIGINS` (comma-separated,
 * or `*`), which overrides the config's root `cors`.
 */
export function corsOrigins(
  given?: string[] | '*',
  configured?: CORSConfig,
  env = process.env.CORS_ORIGINS,
): string[] | '*' {
  if (given) return given
  if (env === '*') return '*'
  if (env) return env.split(',').map((s) => s.trim())
  if (configured === undefined) return []
  return Array.isArray(configured) || configured === '*' ? configured : configured.origins
}

/** The request headers the config's `cors: { headers }` adds to a preflight's allowed ones. */
export const corsHeaders = (configured?: CORSConfig): string[] =>
  configured !== undefined && typeof configured === 'object' && !Array.isArray(configured)
    ? (configured.headers ?? [])
    : []

/**
 * CORS for the listed origins: the allow headers on their requests (with credentials unless `'*'`), and an
 * answer (204) to their preflights. Other origins get no CORS headers, so browsers keep the answer from them.
 */
export function cors(origins: string[] | '*', headers: string[] = []): Koa.Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('origin')
    if (origin && (origins === '*' || origins.includes(origin))) {
      ctx.set('Access-Control-Allow-Origin', origins === '*' ? '*' : origin)
      ctx.set('Vary', 'Origin')
      ctx.set('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After, WWW-Authenticate')
      if (origins !== '*') ctx.set('Access-Control-Allow-Credentials', 'true')
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS')
        const requested = ctx.get('access-control-request-headers') || 'Content-Type, Authorization'
        ctx.set('Access-Control-Allow-Headers', [requested, ...headers].join(', '))
        ctx.set('Access-Control-Max-Age', '600')
        ctx.status = 204
        return
      }
    }
    await next()
  }
}
