import type Koa from 'koa'
import type { CmsRequest } from '../../config/types.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import type { Cms } from '../../local/cms.ts'

const PUBLIC_AUTH_ROUTE =
  /\/(login|forgot-password|reset-password|first-register|verify\/[^/]+|health)$/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The caller: a JWT from `Authorization: Bearer|JWT <token>` or the `cms-token` cookie. A token that is
 * invalid, expired, or whose session ended (logout, password reset, deleted user) is a 401, except on the
 * login, password and health routes, where a stale token must not stand in the way, and on custom endpoints
 * (`lenient`), which decide authentication themselves from `req.user`. Cookie-authenticated unsafe
 * requests need an allowed Origin (the same host, or a CORS origin): a cross-site form cannot act as the user.
 */
export async function authenticateRequest(
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
