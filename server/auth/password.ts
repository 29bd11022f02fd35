import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

/**
 * Passwords: PBKDF2-HMAC-SHA256, 600,000 iterations (OWASP's figure for PBKDF2-SHA256), a 32-byte key and a
 * random 16-byte salt per user, compared in constant time. Stored as hex in the hidden `hash` and `salt`
 * fields; the clear password is never stored, logged or returned. About 180 ms per hash on this machine.
 */
export const PBKDF2 = {
  iterations: 600_000,
  keyLength: 32,
  digest: 'sha256',
  saltBytes: 16,
} as const
const derive = promisify(pbkdf2)

export async function hashPassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(PBKDF2.saltBytes).toString('hex')
  const key = await derive(password, salt, PBKDF2.iterations, PBKDF2.keyLength, PBKDF2.digest)
  return { hash: key.toString('hex'), salt }
}

export async function verifyPassword(
  password: string,
  hash: string,
  salt: string,
): Promise<boolean> {
  const key = await derive(password, salt, PBKDF2.iterations, PBKDF2.keyLength, PBKDF2.digest)
  const stored = Buffer.from(hash, 'hex')
  return stored.length === key.length && timingSafeEqual(stored, key)
}

/** Burns the same time as a verification, so an unknown email answers as slowly as a wrong password. */
export async function fakeVerify(password: string): Promise<void> {
  await derive(password, 'cms-no-such-user', PBKDF2.iterations, PBKDF2.keyLength, PBKDF2.digest)
}

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 256

/**
 * A password's problem, or undefined when it is acceptable. `minLength` is MIN_PASSWORD_LENGTH for what callers
 * send (REST, GraphQL); the Local API's own writes take any non-empty password, as Payload does (a project's seed
 * sets `password: 'demo'`), since the code calling it is the project's own.
 */
export function passwordProblem(
  password: unknown,
  minLength = MIN_PASSWORD_LENGTH,
): string | undefined {
  if (typeof password !== 'string') return 'The password must be a string.'
  if (password.length < minLength)
    return minLength === 1
      ? 'The password must not be empty.'
      : `The password must be at least ${minLength} characters long.`
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`
  return undefined
}

/** The shortest password a request may set: any non-empty one through the Local API (see passwordProblem). */
export const minPasswordLength = (req: { payloadAPI?: string } | undefined): number =>
  req?.payloadAPI === 'local' ? 1 : MIN_PASSWORD_LENGTH
