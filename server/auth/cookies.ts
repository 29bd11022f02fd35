import type { SanitizedCollection, SanitizedConfig } from '../config/types.ts'

/** The token cookie's name: `<cookiePrefix>-token` (`cms-token` by default). */
export const cookieName = (config: SanitizedConfig): string => `${config.cookiePrefix}-token`

/**
 * The `Set-Cookie` of a token of auth collection `c` (an empty token clears it): HTTP-only, `Path=/`, and the
 * collection's `auth.cookies`: `SameSite` (default Lax; `true` is Strict, `false` leaves it out), `Secure` (default
 * in production only, always with `SameSite=None`, which browsers refuse otherwise) and `Domain`.
 */
export function tokenCookie(
  config: SanitizedConfig,
  c: SanitizedCollection,
  token: string,
): string {
  const auth = c.auth || undefined
  const { sameSite = 'Lax', secure, domain } = auth?.cookies ?? {}
  const site = sameSite === true ? 'Strict' : sameSite
  const parts = [
    `${cookieName(config)}=${token}`,
    'Path=/',
    'HttpOnly',
    ...(site ? [`SameSite=${site}`] : []),
    `Max-Age=${token && auth ? auth.tokenExpiration : 0}`,
    ...(domain ? [`Domain=${domain}`] : []),
    ...((secure ?? process.env.NODE_ENV === 'production') || site === 'None' ? ['Secure'] : []),
  ]
  return parts.join('; ')
}
