import type { AppContext } from '../state.ts'
import type { CmsRequest } from '../../config/types.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import type { Cms } from '../../local/cms.ts'

/** Auth routes a cookie-authenticated write reaches without an allowed Origin (checkSameOrigin). */
const PUBLIC_AUTH_ROUTE =
  /\/(login|forgot-password|reset-password|first-register|verify\/[^/]+|health)$/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The caller (`cms.authenticateHeaders`: custom strategies, then `Authorization: <slug> API-Key <key>`, then a JWT
 * from `Authorization: Bearer|JWT <token>` or the `<cookiePrefix>-token` cookie). An API key or token that does
 * not authenticate (unknown, disabled, invalid, expired, session ended) is a 401, except where the caller says
 * `lenient`: operations the contract declares `security: []` (login, password and verify routes, health, …),
 * which need no credential so a stale one must not stand in the way (the caller is anonymous there); a custom
 * endpoint is one when its openapi fragment says `security: []`. Cookie-authenticated unsafe requests need an
 * allowed Origin (the same host, or a CORS origin): a cross-site form cannot act as the user.
 */
export async function authenticateRequest(
  cms: Cms,
  ctx: AppContext,
  req: CmsRequest,
  cors: string[] | '*',
  lenient: boolean,
): Promise<void> {
  const { routes } = cms.config
  const { identity, rejected } = await cms.authenticateHeaders({
    headers: req.headers ?? new Headers(),
    isGraphQL: ctx.path === routes.api + routes.graphQL,
    onError: (error) => ctx.state.log?.error({ err: error }, 'auth strategy failed'),
  })
  if (!identity) {
    if (!rejected || lenient) return
    throw new Unauthorized(rejected)
  }
  identity.responseHeaders?.forEach((value, key) => ctx.set(key, value))
  if (identity.viaCookie && !SAFE_METHODS.has(ctx.method) && !PUBLIC_AUTH_ROUTE.test(ctx.path))
    checkSameOrigin(ctx, cors, cms.config.csrf ?? [], cms.config.serverURL)
  req.user = identity.user
  req.auth = { strategy: identity.strategy, claims: identity.claims, token: identity.token }
  ctx.state.authenticated = true
}

/**
 * CSRF: a browser attaches the cookie to any site's request, so a cookie-authenticated unsafe request must
 * prove it comes from an allowed page: an `Origin` (or, without one, a `Referer`) of this host or of a listed
 * CORS origin or of the config's `csrf` list, or a custom `X-Requested-With` header (which no cross-site form can send without a CORS
 * preflight). Whatever the body's type; and `CORS_ORIGINS='*'` never makes a foreign origin acceptable here.
 */
/**
 * A page of this host served over plain http writing to it over https (or to a `serverURL` that is https): the
 * scheme is part of the origin, and an http page can be injected into by anyone on the path. An https page writing
 * over http is accepted: that is TLS ended by a proxy in front the server is not told about.
 */
function downgraded(ctx: AppContext, origin: URL, serverURL: string | undefined): boolean {
  if (origin.protocol !== 'http:') return false
  return ctx.protocol === 'https' || Boolean(serverURL?.startsWith('https:'))
}

function checkSameOrigin(
  ctx: AppContext,
  cors: string[] | '*',
  csrf: string[],
  serverURL?: string,
): void {
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
  if (
    (origin.host === ctx.host && !downgraded(ctx, origin, serverURL)) ||
    csrf.includes(origin.origin) ||
    (cors !== '*' && cors.includes(origin.origin))
  )
    return
  throw new Forbidden(
    `Cross-site request from ${origin.origin} refused: cookie-authenticated writes need an allowed Origin.`,
  )
}
