import type { Database } from '../db/database.ts'
import { countHit, readWindow } from '../db/stores/rate-limits.ts'
import { TooManyRequests } from '../errors/auth-errors.ts'
import { isNonNullObject } from '../utilities/guards.ts'

/**
 * Per-address limits on the login and forgot-password routes: fixed windows counted in `cms_rate_limits`,
 * so every server process on the same database shares them. Login counts failed attempts only (a legitimate
 * login never uses up the allowance); forgot-password counts every request.
 */
export interface Limit {
  max: number
  windowMs: number
}
export const DEFAULT_LIMITS = {
  login: { max: 20, windowMs: 15 * 60_000 },
  forgotPassword: { max: 5, windowMs: 15 * 60_000 },
  passwordChange: { max: 30, windowMs: 15 * 60_000 },
}

/** Throws 429 (with the seconds left in the window) when `bucket` has used up `limit`. */
export async function checkLimit(db: Database, bucket: string, limit: Limit): Promise<void> {
  const window = await readWindow(db, bucket)
  const now = Date.now()
  if (window && window.start + limit.windowMs > now && window.hits >= limit.max) {
    throw new TooManyRequests((window.start + limit.windowMs - now) / 1000)
  }
}

/** Counts one hit for `bucket`, starting a new window when the old one has passed. */
export async function hit(db: Database, bucket: string, limit: Limit): Promise<void> {
  await countHit(db, db.dialect, bucket, Date.now(), limit.windowMs)
}

type RateLimited = {
  db: Database
  config: { rateLimit?: { login?: Limit; forgotPassword?: Limit; passwordChange?: Limit } }
}

/** The config's limits with their defaults. */
function limits(cms: Pick<RateLimited, 'config'>) {
  const given = cms.config.rateLimit
  return {
    login: given?.login ?? DEFAULT_LIMITS.login,
    forgotPassword: given?.forgotPassword ?? DEFAULT_LIMITS.forgotPassword,
    passwordChange: given?.passwordChange ?? DEFAULT_LIMITS.passwordChange,
  }
}

/** Runs a login for `ip` under the per-address limit: refused (429) when used up; a failure (401) counts. */
export async function limitedLogin<T>(
  cms: RateLimited,
  ip: string,
  login: () => Promise<T>,
): Promise<T> {
  const limit = limits(cms).login
  const bucket = `login:${ip}`
  await checkLimit(cms.db, bucket, limit)
  try {
    return await login()
  } catch (error) {
    if (isNonNullObject(error) && error.status === 401) await hit(cms.db, bucket, limit)
    throw error
  }
}

/** Runs a forgot-password request for `ip` under the per-address limit: every request counts. */
export async function limitedForgot<T>(
  cms: RateLimited,
  ip: string,
  forgot: () => Promise<T>,
): Promise<T> {
  const limit = limits(cms).forgotPassword
  const bucket = `forgot:${ip}`
  await checkLimit(cms.db, bucket, limit)
  await hit(cms.db, bucket, limit)
  return forgot()
}

/**
 * Runs a create or update of an auth collection for `ip`: when the data sets a password (a PBKDF2 hash, about
 * 180 ms of CPU), the per-address `passwordChange` limit applies and every such request counts.
 */
export async function limitedPasswordChange<T>(
  cms: RateLimited,
  ip: string,
  auth: boolean,
  data: unknown,
  write: () => Promise<T>,
): Promise<T> {
  if (!auth || !data || typeof data !== 'object' || !('password' in data)) return write()
  const limit = limits(cms).passwordChange
  const bucket = `password:${ip}`
  await checkLimit(cms.db, bucket, limit)
  await hit(cms.db, bucket, limit)
  return write()
}
