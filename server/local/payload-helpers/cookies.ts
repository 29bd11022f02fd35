/**
 * Payload's cookie helpers (`generateCookie`, `generatePayloadCookie`, `generateExpiredPayloadCookie`,
 * `getCookieExpiration`, `parseCookies`), as `payload` and `payload/shared` export them. Plugins use them to set
 * and read their own cookies (multi-tenant's tenant cookie) and the session cookie (`<cookiePrefix>-token`).
 */
type SameSite = 'Strict' | 'Lax' | 'None' | boolean | string

export interface CookieArgs {
  name: string
  value?: string
  domain?: string
  expires?: Date
  httpOnly?: boolean
  maxAge?: number
  path?: string
  sameSite?: SameSite
  secure?: boolean
  returnCookieAsObject?: boolean
}

export interface CookieObject {
  name: string
  value?: string
  domain?: string
  expires?: string
  httpOnly?: boolean
  maxAge?: number
  path?: string
  sameSite?: SameSite
  secure?: boolean
}

/** A `Set-Cookie` value (or the same as an object): `SameSite=None` makes it `Secure`, as browsers require. */
export function generateCookie<R extends boolean = false>(
  args: CookieArgs & { returnCookieAsObject?: R },
): R extends true ? CookieObject : string {
  const { name, value, domain, expires, httpOnly, maxAge, path, sameSite } = args
  const secure = args.secure || sameSite === 'None'
  const object: CookieObject = { name, value }
  const attributes: string[] = [`${name}=${value || ''}`]
  const set = <K extends keyof CookieObject>(key: K, v: CookieObject[K], text: string) => {
    object[key] = v
    attributes.push(text)
  }
  if (expires) set('expires', expires.toUTCString(), `Expires=${expires.toUTCString()}`)
  if (maxAge) set('maxAge', maxAge, `Max-Age=${maxAge}`)
  if (domain) set('domain', domain, `Domain=${domain}`)
  if (path) set('path', path, `Path=${path}`)
  if (secure) set('secure', secure, `Secure=${secure}`)
  if (httpOnly) set('httpOnly', httpOnly, `HttpOnly=${httpOnly}`)
  if (sameSite) set('sameSite', sameSite, `SameSite=${String(sameSite)}`)
  return (args.returnCookieAsObject ? object : attributes.join('; ')) as R extends true
    ? CookieObject
    : string
}

/** Now plus `seconds` (default 7,200). */
export function getCookieExpiration({ seconds = 7200 }: { seconds?: number }): Date {
  const at = new Date()
  at.setSeconds(at.getSeconds() + seconds)
  return at
}

interface CookieAuth {
  cookies: { sameSite?: SameSite; secure?: boolean; domain?: string }
  tokenExpiration?: number
}
const sameSiteOf = (auth: CookieAuth) =>
  typeof auth.cookies.sameSite === 'string'
    ? auth.cookies.sameSite
    : auth.cookies.sameSite
      ? 'Strict'
      : undefined

type SessionCookieArgs<R extends boolean> = {
  collectionAuthConfig: CookieAuth
  cookiePrefix: string
  returnCookieAsObject?: R
}

/** The session cookie `<cookiePrefix>-token` of an auth collection, with `value` until `expires`. */
function sessionCookie<R extends boolean>(
  args: SessionCookieArgs<R>,
  value: string | undefined,
  expires: Date,
): R extends true ? CookieObject : string {
  const auth = args.collectionAuthConfig
  return generateCookie({
    name: `${args.cookiePrefix}-token`,
    value,
    domain: auth.cookies.domain ?? undefined,
    expires,
    httpOnly: true,
    path: '/',
    sameSite: sameSiteOf(auth),
    secure: auth.cookies.secure,
    returnCookieAsObject: args.returnCookieAsObject,
  })
}

/** The session cookie holding `token`, expiring with the collection's tokens. */
export function generatePayloadCookie<R extends boolean = false>(
  args: SessionCookieArgs<R> & { token: string },
): R extends true ? CookieObject : string {
  const expires = getCookieExpiration({ seconds: args.collectionAuthConfig.tokenExpiration })
  return sessionCookie(args, args.token, expires)
}

/** The same cookie, expired a second ago (a logout). */
export function generateExpiredPayloadCookie<R extends boolean = false>(
  args: SessionCookieArgs<R>,
): R extends true ? CookieObject : string {
  return sessionCookie(args, undefined, new Date(Date.now() - 1000))
}

/** The request's cookies by name, values URI-decoded (an attribute without `=` reads `'true'`). */
export function parseCookies(
  headers: Headers | { get(name: string): string | null },
): Map<string, string> {
  const cookies = new Map<string, string>()
  const header = headers.get('Cookie')
  if (!header) return cookies
  for (const pair of header.split(/; */)) {
    if (!pair) continue
    const at = pair.indexOf('=')
    if (at === -1) {
      cookies.set(pair, 'true')
      continue
    }
    try {
      cookies.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)))
    } catch {
      // A value that is not valid URI encoding is left out.
    }
  }
  return cookies
}
