import { ConfigError } from '../errors/config-error.ts'
import type { AuthOptions, Config, FlattenedField } from './types.ts'

/**
 * The auth options about how a request is authenticated and what the token and its cookie carry (issue 20):
 * `useAPIKey`, `cookies`, `removeTokenFromResponses`, `depth`, `strategies`, the root `cookiePrefix` and the
 * fields' `saveToJWT`. Checked at start, each with a message naming the option.
 */

/** The defaults of these options (merged into `AUTH_DEFAULTS`). */
export const REQUEST_AUTH_DEFAULTS = {
  useAPIKey: false,
  acceptPayloadTokens: false,
  cookies: {},
  removeTokenFromResponses: false,
  depth: 0,
  strategies: [],
} satisfies Required<
  Pick<
    AuthOptions,
    | 'useAPIKey'
    | 'acceptPayloadTokens'
    | 'cookies'
    | 'removeTokenFromResponses'
    | 'depth'
    | 'strategies'
  >
>

/** Field names an auth collection with `useAPIKey` adds itself. */
export const API_KEY_FIELDS = ['enableAPIKey', 'apiKey', 'apiKeyIndex']

const SAME_SITE: ('Strict' | 'Lax' | 'None' | boolean)[] = ['Strict', 'Lax', 'None', true, false]
const COOKIE_PREFIX_RE = /^[A-Za-z0-9_-]{1,64}$/
const DOMAIN_RE = /^\.?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/
/** Claims the server sets itself (and JWT registered names): a saveToJWT field may not take them. */
const RESERVED_CLAIMS = new Set([
  'id',
  'collection',
  'sid',
  'iat',
  'exp',
  'nbf',
  'iss',
  'aud',
  'sub',
  'jti',
])

/** Checks the request-auth options of one auth collection (`where`: `Collection "users"`). */
export function checkRequestAuth(
  auth: Required<AuthOptions>,
  where: string,
  maxDepth: number,
): void {
  const at = `${where}: auth`
  if (typeof auth.useAPIKey !== 'boolean')
    throw new ConfigError(`${at}.useAPIKey must be true or false.`)
  if (typeof auth.acceptPayloadTokens !== 'boolean')
    throw new ConfigError(`${at}.acceptPayloadTokens must be true or false.`)
  if (typeof auth.removeTokenFromResponses !== 'boolean')
    throw new ConfigError(`${at}.removeTokenFromResponses must be true or false.`)
  if (!Number.isInteger(auth.depth) || auth.depth < 0 || auth.depth > maxDepth)
    throw new ConfigError(
      `${at}.depth must be an integer from 0 to maxDepth (${maxDepth}); got ${JSON.stringify(auth.depth)}.`,
    )
  // Any casing, as browsers read the attribute (Payload's examples write 'none'), kept in the canonical one.
  if (typeof auth.cookies.sameSite === 'string') {
    const given = auth.cookies.sameSite
    const canonical = SAME_SITE.find(
      (v) => typeof v === 'string' && v.toLowerCase() === given.toLowerCase(),
    )
    if (canonical !== undefined) auth.cookies.sameSite = canonical
  }
  const { sameSite, secure, domain } = auth.cookies
  if (sameSite !== undefined && !SAME_SITE.includes(sameSite))
    throw new ConfigError(
      `${at}.cookies.sameSite must be "Strict", "Lax", "None", true (Strict) or false (no attribute); got ${JSON.stringify(sameSite)}.`,
    )
  if (secure !== undefined && typeof secure !== 'boolean')
    throw new ConfigError(`${at}.cookies.secure must be true or false.`)
  if (domain !== undefined && (typeof domain !== 'string' || !DOMAIN_RE.test(domain)))
    throw new ConfigError(
      `${at}.cookies.domain must be a host name such as "example.com"; got ${JSON.stringify(domain)}.`,
    )
  if (!Array.isArray(auth.strategies))
    throw new ConfigError(`${at}.strategies must be an array of { name, authenticate }.`)
  const names = new Set<string>()
  auth.strategies.forEach((s, i) => {
    // A JavaScript config may hold anything here: a string has no name, null neither.
    const name: unknown = s?.name
    if (!s || typeof name !== 'string' || name === '' || typeof s.authenticate !== 'function')
      throw new ConfigError(
        `${at}.strategies[${i}] must be { name: string, authenticate: ({ headers, cms }) => ({ user }) }.`,
      )
    if (names.has(name))
      throw new ConfigError(`${at}.strategies[${i}]: another strategy is also named "${name}".`)
    names.add(name)
  })
}

/** The cookie prefix: the token cookie is `<prefix>-token` (default `cms`). */
export function cookiePrefixOf(input: Config): string {
  const prefix = input.cookiePrefix ?? 'cms'
  if (typeof prefix !== 'string' || !COOKIE_PREFIX_RE.test(prefix))
    throw new ConfigError(
      `config.cookiePrefix must be 1 to 64 letters, digits, "-" or "_" (the cookie is <cookiePrefix>-token); got ${JSON.stringify(prefix)}.`,
    )
  return prefix
}

/**
 * `saveToJWT` holds only on the fields of an auth collection, as `true`, `false` or a claim name (inside arrays
 * and blocks it signs nothing, as in Payload, which copies no value out of a row); no two fields may sign the same claim, and none the
 * server's own (`id`, `collection`, `sid`, `iat`, `exp`, the JWT registered names).
 */
export function checkSaveToJWT(fields: FlattenedField[], where: string, auth: boolean): void {
  const visit = (
    list: FlattenedField[],
    claims: Set<string> | undefined,
    path: string,
    inRow: boolean,
  ) => {
    for (const f of list) {
      const at = `${where}, field "${path}${f.name}"`
      const value = 'saveToJWT' in f ? f.saveToJWT : undefined
      const signed = value !== undefined && value !== null && value !== false
      if (signed) {
        if (value !== true && (typeof value !== 'string' || value === ''))
          throw new ConfigError(`${at}: saveToJWT must be true, false or a claim name.`)
        if (!auth)
          throw new ConfigError(
            `${at}: saveToJWT only applies to the fields of an auth collection (its values go into the login token); remove it.`,
          )
        // Payload copies no value out of a row into the token (getFieldsToSign stops at arrays and blocks): the
        // option is taken and signs nothing there (cms check-config says so).
        if (inRow) continue
        const claim = typeof value === 'string' ? value : f.name
        if (claims && RESERVED_CLAIMS.has(claim))
          throw new ConfigError(
            `${at}: saveToJWT would overwrite the "${claim}" claim the server sets itself; name another claim (saveToJWT: "my${claim[0].toUpperCase()}${claim.slice(1)}").`,
          )
        if (claims?.has(claim))
          throw new ConfigError(`${at}: another field already signs the "${claim}" claim.`)
        claims?.add(claim)
      }
      if (f.type === 'group')
        // A signed group is one claim (its children nest in it); the signed children of one that is not are lifted.
        visit(f.fields, signed ? new Set() : claims, `${path}${f.name}.`, inRow)
      else if (f.type === 'array') visit(f.fields, undefined, `${path}${f.name}.`, true)
      else if (f.type === 'blocks')
        for (const b of f.blocks) visit(b.fields, undefined, `${path}${f.name}.`, true)
    }
  }
  visit(fields, new Set(), '', false)
}
