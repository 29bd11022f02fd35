import type Koa from 'koa'

/** The CORS origins: a list, `'*'`, or none; by default `CORS_ORIGINS` (comma-separated, or `*`). */
export function corsOrigins(
  given?: string[] | '*',
  env = process.env.CORS_ORIGINS,
): string[] | '*' {
  if (given) return given
  if (env === '*') return '*'
  return env ? env.split(',').map((s) => s.trim()) : []
}

/**
 * CORS for the listed origins: the allow headers on their requests (with credentials unless `'*'`), and an
 * answer (204) to their preflights. Other origins get no CORS headers, so browsers keep the answer from them.
 */
export function cors(origins: string[] | '*'): Koa.Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('origin')
    if (origin && (origins === '*' || origins.includes(origin))) {
      ctx.set('Access-Control-Allow-Origin', origins === '*' ? '*' : origin)
      ctx.set('Vary', 'Origin')
      ctx.set('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After, WWW-Authenticate')
      if (origins !== '*') ctx.set('Access-Control-Allow-Credentials', 'true')
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
    await next()
  }
}
