import { API_KEY_HEADER, apiKeyIndex, payloadApiKeyIndexes } from '../../../auth/api-key-hash.ts'
import { cookieName } from '../../../auth/cookies.ts'
import { verifyPayloadToken, verifyToken, type TokenClaims } from '../../../auth/tokens.ts'
import type { SanitizedCollection } from '../../../config/types.ts'
import { selectById } from '../../../db/store.ts'
import { findUsersByApiKey } from '../../../db/stores/users.ts'
import { sessionAlive } from '../../../db/stores/sessions.ts'
import type { Cms } from '../../cms.ts'
import { readDocs } from '../../read.ts'
import { createLocalReq } from '../../request.ts'
import { unverified, usersOf, type User } from './shared.ts'

/** The user a token stands for, with its claims; undefined when the token is invalid, expired, or its session ended. */
export async function authenticate(
  this: Cms,
  token: string,
): Promise<{ user: User; claims: TokenClaims } | undefined> {
  const claims =
    (await verifyToken(this.config, token)) ??
    (await verifyPayloadToken(this.config, token, (slug) => {
      const auth = this.config.collectionsBySlug.get(slug)?.auth
      return Boolean(auth && auth.acceptPayloadTokens)
    }))
  if (!claims) return undefined
  const c = this.config.collectionsBySlug.get(claims.collection)
  if (!c?.auth) return undefined
  // A token Payload signed has no session here (auth.acceptPayloadTokens): it lasts until its own expiry.
  if (!claims.fromPayload && !(await sessionAlive(this.db, claims.sid, c.slug, claims.id)))
    return undefined
  const user = await readUser(this, c, claims.id)
  return user && { user, claims }
}

const UNVERIFIED = 'The account has not verified its email yet.'

/**
 * The user an API key of auth collection `slug` stands for: one with `enableAPIKey` on whose `apiKeyIndex` is the
 * key's HMAC (this server's, or one of the forms Payload stored, for users imported from Payload). Undefined for a collection without `useAPIKey`, an unknown or disabled key, and a key two users
 * share (it names no one).
 */
export async function authenticateAPIKey(
  this: Cms,
  slug: string,
  key: string,
): Promise<User | undefined> {
  const c = this.config.collectionsBySlug.get(slug)
  if (!c?.auth || !c.auth.useAPIKey) return undefined
  const ids = await findUsersByApiKey(usersOf(this, c), [
    apiKeyIndex(this.config, key),
    ...payloadApiKeyIndexes(this.config, key),
  ])
  return ids.length === 1 ? readUser(this, c, ids[0]) : undefined
}

/**
 * `req.user`: the user read at the collection's `auth.depth`, read access ignored (it is the caller). Undefined
 * for an account that has not verified its email (`auth.verify`): no token or key stands for it until it has.
 */
async function readUser(cms: Cms, c: SanitizedCollection, id: number): Promise<User | undefined> {
  const doc = await selectById(cms.db, cms.queryContext(), c, id)
  if (!doc || unverified(c, doc)) return undefined
  const req = createLocalReq(cms, {})
  const depth = c.auth ? c.auth.depth : 0
  const [user] = await readDocs(cms, c, [doc], req, { depth, overrideAccess: true })
  return { ...user, collection: c.slug } as User
}

/** Who a request is, and how it said so. */
export interface RequestIdentity {
  user: User
  /** `local-jwt`, `api-key`, or the name of a custom strategy. */
  strategy: string
  /** The JWT the request came with (`local-jwt`), with its claims. */
  token?: string
  claims?: TokenClaims
  /** The JWT came in the cookie (unsafe methods then need an allowed Origin). */
  viaCookie?: boolean
  /** Headers a custom strategy asked to add to the response. */
  responseHeaders?: Headers
}
export interface AuthenticateHeadersResult {
  identity?: RequestIdentity
  /** Why a credential the request presented was refused (the caller answers 401, or treats it as anonymous). */
  rejected?: string
}

/**
 * The caller of a request from its headers, as Payload's `executeAuthStrategies`: for each auth collection in
 * order its custom `auth.strategies` (the first user returned wins; a strategy that throws or answers something
 * else is reported to `onError` and skipped), then its API key (`Authorization: <slug> API-Key <key>`); last the
 * JWT (`Authorization: Bearer|JWT <token>`, else the `<cookiePrefix>-token` cookie). An API key or token that does
 * not authenticate is `rejected`, not anonymous (docs/decisions.md), and so is an Authorization header of any
 * other form (empty, `Basic …`, `Bearer` without a token) that no custom strategy took.
 */
export async function authenticateHeaders(
  this: Cms,
  args: { headers: Headers; isGraphQL?: boolean; onError?: (error: unknown) => void },
): Promise<AuthenticateHeadersResult> {
  const { headers } = args
  const header = headers.get('authorization') ?? ''
  const apiKey = API_KEY_HEADER.exec(header)
  for (const c of this.config.collections) {
    if (!c.auth) continue
    for (const strategy of c.auth.strategies) {
      const identity = await runStrategy(this, strategy, args)
      if (identity === 'unverified') return { rejected: UNVERIFIED }
      if (identity) return { identity }
    }
    if (apiKey && apiKey[1] === c.slug && c.auth.useAPIKey) {
      const user = await this.authenticateAPIKey(c.slug, apiKey[2])
      return user
        ? { identity: { user, strategy: 'api-key' } }
        : { rejected: 'The API key is unknown or disabled.' }
    }
  }
  if (apiKey)
    return { rejected: `Collection "${apiKey[1]}" does not accept API keys (auth.useAPIKey).` }
  const bearer = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(header)?.[1]
  // An Authorization header that is none of these (nor a custom strategy's) is a credential refused, not an
  // anonymous request: a client that believes it sends one learns that it does not.
  if (!bearer && headers.has('authorization'))
    return {
      rejected:
        'The Authorization header is not a credential this server takes: "Bearer <token>", "JWT <token>" or "<collection> API-Key <key>".',
    }
  const sent = cookieValue(headers.get('cookie'), cookieName(this.config))
  // An empty session cookie is a malformed credential, refused as an unknown Authorization header is (whatever
  // else the request carries): login sets a token and logout removes the cookie, so only a broken client sends it.
  if (sent === '')
    return {
      rejected: `The ${cookieName(this.config)} cookie is empty; log in again, or send no such cookie.`,
    }
  const cookie = bearer ? undefined : sent
  const token = bearer ?? cookie
  if (!token) return {}
  const found = await this.authenticateToken(token)
  if (!found)
    return { rejected: 'The token is invalid or expired, or its session has ended; log in again.' }
  return {
    identity: {
      user: found.user,
      strategy: 'local-jwt',
      token,
      claims: found.claims,
      viaCookie: !bearer,
    },
  }
}

type Strategy = Exclude<SanitizedCollection['auth'], false>['strategies'][number]

async function runStrategy(
  cms: Cms,
  strategy: Strategy,
  args: { headers: Headers; isGraphQL?: boolean; onError?: (error: unknown) => void },
): Promise<RequestIdentity | 'unverified' | undefined> {
  try {
    const result = await strategy.authenticate({
      headers: args.headers,
      cms,
      payload: cms,
      isGraphQL: Boolean(args.isGraphQL),
      strategyName: strategy.name,
    })
    const user = result?.user
    if (!user) return undefined
    const c = cms.config.collectionsBySlug.get(user.collection)
    if (!c?.auth || typeof user.id !== 'number')
      throw new Error(
        `Auth strategy "${strategy.name}" answered a user without a numeric id and the collection of an auth collection.`,
      )
    // The stored account decides (the strategy's object may not carry `_verified`); a user the strategy makes up,
    // with no row, has nothing to verify.
    if (c.auth.verify) {
      const row = await selectById(cms.db, cms.queryContext(), c, user.id)
      if (row && unverified(c, row)) return 'unverified'
    }
    return { user: user as User, strategy: strategy.name, responseHeaders: result.responseHeaders }
  } catch (error) {
    args.onError?.(error)
    return undefined
  }
}

/** One cookie's value from a `Cookie` header ('' when it is sent empty, undefined when not sent). */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(value)
      } catch {
        return value
      }
    }
  }
  return undefined
}
