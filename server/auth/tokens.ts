import { createHash, randomBytes } from 'node:crypto'
import type { SanitizedConfig } from '../config/types.ts'
import { ConfigError } from '../errors/config-error.ts'
import { weakSecretReason } from './secret-strength.ts'

/**
 * JWTs: HS256 signed with `CMS_SECRET` (or `config.secret`) as given. Production needs at least 32 bytes, not of a
 * guessable shape (secret-strength.ts); in development a missing secret is replaced by a random one per process
 * (tokens then die on restart). A token carries the user id, the auth collection and the session id (`sid`); the
 * session must still exist.
 */
export interface TokenClaims {
  id: number
  collection: string
  sid: string
  exp: number
  /** A token Payload signed (`auth.acceptPayloadTokens`): it has no session here (`sid` is empty). */
  fromPayload?: true
}

/** jose loads on first use: an app start that serves no token does not wait for it. */
let joseModule: Promise<typeof import('jose')> | undefined
const jose = () => (joseModule ??= import('jose'))

const keys = new WeakMap<SanitizedConfig, Uint8Array>()

export function secretKey(config: SanitizedConfig): Uint8Array {
  let key = keys.get(config)
  if (key) return key
  const secret = config.secret ?? process.env.CMS_SECRET
  if (!secret) {
    if (process.env.NODE_ENV === 'production')
      throw new ConfigError('CMS_SECRET must be set in production (at least 32 bytes).')
    key = randomBytes(32)
  } else {
    key = new TextEncoder().encode(secret)
    if (process.env.NODE_ENV === 'production' && key.length < 32)
      throw new ConfigError('CMS_SECRET must be at least 32 bytes in production.')
    const weak = process.env.NODE_ENV === 'production' ? weakSecretReason(secret) : undefined
    if (weak)
      throw new ConfigError(
        `${config.secret ? 'The config secret' : 'CMS_SECRET'} is too guessable for production: ${weak}. Use a random value, e.g. the output of \`openssl rand -base64 32\`.`,
      )
  }
  keys.set(config, key)
  return key
}

/** Signs a token; `fields` are the values of the user's `saveToJWT` fields (they never replace the server's claims). */
export async function signToken(
  config: SanitizedConfig,
  claims: Omit<TokenClaims, 'exp'>,
  expiresInSeconds: number,
  fields: Record<string, unknown> = {},
): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds
  const { SignJWT } = await jose()
  const token = await new SignJWT({
    ...fields,
    id: claims.id,
    collection: claims.collection,
    sid: claims.sid,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(secretKey(config))
  return { token, exp }
}

/** The claims of a valid, unexpired token, or undefined. */
export async function verifyToken(
  config: SanitizedConfig,
  token: string,
): Promise<TokenClaims | undefined> {
  try {
    const { jwtVerify } = await jose()
    const { payload } = await jwtVerify(token, secretKey(config), { algorithms: ['HS256'] })
    if (
      typeof payload.id !== 'number' ||
      typeof payload.collection !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return undefined
    return { id: payload.id, collection: payload.collection, sid: payload.sid, exp: payload.exp }
  } catch {
    return undefined
  }
}

/**
 * Payload's `payload.secret`: the first 32 hex characters of the SHA-256 of the config's secret (Payload keys its
 * API key indexes and its tokens with it). Undefined without a configured secret.
 */
export function payloadSecret(config: SanitizedConfig): string | undefined {
  // Asked by every request with an API key: derived once per config.
  if (payloadSecrets.has(config)) return payloadSecrets.get(config)
  const secret = config.secret ?? process.env.CMS_SECRET
  const derived = secret
    ? createHash('sha256').update(secret).digest('hex').slice(0, 32)
    : undefined
  payloadSecrets.set(config, derived)
  return derived
}
const payloadSecrets = new WeakMap<SanitizedConfig, string | undefined>()

/**
 * The claims of a token Payload signed (HS256 keyed with `payload.secret`, the first 32 hex characters of the
 * SHA-256 of the config's secret), unexpired, for a collection that `accepts` them; else undefined.
 */
export async function verifyPayloadToken(
  config: SanitizedConfig,
  token: string,
  accepts: (collection: string) => boolean,
): Promise<TokenClaims | undefined> {
  const secret = payloadSecret(config)
  if (!secret) return undefined
  try {
    const { decodeJwt, jwtVerify } = await jose()
    const unverified = decodeJwt(token)
    if (typeof unverified.collection !== 'string' || !accepts(unverified.collection))
      return undefined
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    })
    const id = typeof payload.id === 'string' ? Number(payload.id) : payload.id
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof payload.exp !== 'number')
      return undefined
    return { id, collection: unverified.collection, sid: '', exp: payload.exp, fromPayload: true }
  } catch {
    return undefined
  }
}
