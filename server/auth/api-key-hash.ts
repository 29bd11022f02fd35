import { createHmac } from 'node:crypto'
import type { SanitizedConfig } from '../config/types.ts'
import { payloadSecret, secretKey } from './tokens.ts'

/**
 * API keys (`auth.useAPIKey`): the key is never stored, only its HMAC-SHA256 keyed with the server secret
 * (`apiKeyIndex`, as Payload's), so a database leak hands out no working key and a new secret retires every key.
 */

/** `Authorization: <slug> API-Key <key>` (Payload's form). */
export const API_KEY_HEADER = /^([a-z][a-z0-9_-]*) API-Key (\S+)$/

/** The stored form of `key`. */
export const apiKeyIndex = (config: SanitizedConfig, key: string): string =>
  createHmac('sha256', secretKey(config)).update(key).digest('hex')

/** What is wrong with an `apiKey` value of a write, or undefined (null clears the key). */
export function apiKeyProblem(value: unknown): string | undefined {
  if (value === null) return undefined
  if (typeof value !== 'string') return 'An API key must be a string (or null to remove it).'
  if (value.length < 32 || value.length > 256)
    return 'An API key must be 32 to 256 characters long (a random UUID or longer).'
  if (!/^[\x21-\x7e]+$/.test(value))
    return 'An API key may hold only visible ASCII characters (no spaces), as it travels in a header.'
  return undefined
}

/**
 * The forms in which Payload stored a key's `apiKeyIndex`: HMAC-SHA256 keyed with `payloadSecret` (Payload 3.46 and
 * later) and HMAC-SHA1 (before 3.46). A user imported from Payload keeps working with the key it had.
 */
export function payloadApiKeyIndexes(config: SanitizedConfig, key: string): string[] {
  const secret = payloadSecret(config)
  if (!secret) return []
  return (['sha256', 'sha1'] as const).map((digest) =>
    createHmac(digest, secret).update(key).digest('hex'),
  )
}
