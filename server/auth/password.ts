import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

/**
 * Passwords: PBKDF2-HMAC-SHA256, 600,000 iterations (OWASP's figure for PBKDF2-SHA256), a 32-byte key and a
 * random 16-byte salt per user, compared in constant time. Stored as hex in the hidden `hash` and `salt`
 * fields; the clear password is never stored, logged or returned. About 180 ms per hash on this machine
 * (see `pbkdf2Iterations` for the one exception, a test run's).
 */
export const PBKDF2 = {
  iterations: 600_000,
  keyLength: 32,
  digest: 'sha256',
  saltBytes: 16,
} as const
const derive = promisify(pbkdf2)

/** The variable a test run lowers the iteration count with (docs/testing.md, "Password hashing in tests"). */
export const TEST_ITERATIONS_VARIABLE = 'CMS_TEST_PBKDF2_ITERATIONS'

/**
 * The iteration count every hash is made and checked with: PBKDF2.iterations, except in a test process
 * (`NODE_ENV=test`, which ava sets in its workers) where CMS_TEST_PBKDF2_ITERATIONS names another, as Django's and
 * Devise's test settings lower their hashers' cost: a suite hashes about 800 passwords a database, 150 s of CPU at
 * the real cost, and no test but the ones about the cost itself is about it. Read at every hash, so a test of the
 * real cost can drop the variable before it starts its server. Outside `NODE_ENV=test` the variable is ignored:
 * a deployment cannot lower the cost by it.
 */
export function pbkdf2Iterations(): number {
  const lowered =
    process.env.NODE_ENV === 'test' ? process.env[TEST_ITERATIONS_VARIABLE] : undefined
  if (lowered === undefined || lowered === '') return PBKDF2.iterations
  const n = Number(lowered)
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(
      `${TEST_ITERATIONS_VARIABLE} must be a positive integer, not ${JSON.stringify(lowered)}`,
    )
  return n
}
const deriveKey = (password: string, salt: string) =>
  derive(password, salt, pbkdf2Iterations(), PBKDF2.keyLength, PBKDF2.digest)

export async function hashPassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(PBKDF2.saltBytes).toString('hex')
  const key = await deriveKey(password, salt)
  return { hash: key.toString('hex'), salt }
}

/**
 * Payload 3's hashes, both kept by its `generatePasswordSaltHash` (3.90): the current one, `pbkdf2-sha256-v1:`
 * and the hex of PBKDF2-HMAC-SHA256 with 600,000 iterations and a 32-byte key; the legacy one (every hash before
 * it), the bare hex of 25,000 iterations and a 512-byte key. Both use a random 32-byte salt, used as its hex text.
 * A user imported from Payload (`cms import-payload`) logs in with either, and that login stores this server's
 * hash in its place (`isPayloadHash`).
 */
export const PAYLOAD_HASHES = {
  prefix: 'pbkdf2-sha256-v1:',
  current: { iterations: 600_000, keyLength: 32 },
  legacy: { iterations: 25_000, keyLength: 512 },
} as const

/** Whether a stored hash is one Payload made (its prefix, or the 1,024 hex characters of its legacy hashes). */
export const isPayloadHash = (hash: string): boolean =>
  hash.startsWith(PAYLOAD_HASHES.prefix) || hash.length === PAYLOAD_HASHES.legacy.keyLength * 2

/** Whether `password` is the one of a stored hash and salt: this server's, or one Payload made. */
export async function verifyPassword(
  password: string,
  hash: string,
  salt: string,
): Promise<boolean> {
  let key: Buffer
  let stored = hash
  if (hash.startsWith(PAYLOAD_HASHES.prefix)) {
    stored = hash.slice(PAYLOAD_HASHES.prefix.length)
    const { iterations, keyLength } = PAYLOAD_HASHES.current
    key = await derive(password, salt, iterations, keyLength, 'sha256')
  } else if (isPayloadHash(hash)) {
    const { iterations, keyLength } = PAYLOAD_HASHES.legacy
    key = await derive(password, salt, iterations, keyLength, 'sha256')
  } else key = await deriveKey(password, salt)
  const bytes = Buffer.from(stored, 'hex')
  return bytes.length === key.length && timingSafeEqual(bytes, key)
}

/** Burns the same time as a verification, so an unknown email answers as slowly as a wrong password. */
export async function fakeVerify(password: string): Promise<void> {
  await deriveKey(password, 'cms-no-such-user')
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
