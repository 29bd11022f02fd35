import { NotFound } from '../../errors/not-found.ts'
import { createHash, randomBytes } from 'node:crypto'
import { fakeVerify, hashPassword, passwordProblem, verifyPassword } from '../../auth/password.ts'
import {
  createSession,
  endAllSessions,
  endSession,
  extendSession,
  sessionAlive,
} from '../../auth/sessions.ts'
import { signToken, verifyToken, type TokenClaims } from '../../auth/tokens.ts'
import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { selectById } from '../../db/store.ts'
import { AuthenticationError, LockedAuth } from '../../errors/auth-errors.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import { ValidationError } from '../../errors/validation-error.ts'
import type { Cms } from '../cms.ts'
import { depthParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { BaseArgs } from '../types.ts'

/**
 * The auth operations of `auth: true` collections. Passwords are PBKDF2 hashes (see auth/password.ts); a
 * token is an HS256 JWT naming a session row, so logout, password reset and deleting the user kill it.
 * Failed logins count per account (`maxLoginAttempts`, `lockTime`): a locked account answers LockedAuth
 * even to the right password until the lock ends. An unknown email answers exactly like a wrong password.
 */

export interface AuthResult<U = Record<string, unknown>> {
  token: string
  exp: number
  user: U
}
type User = Record<string, unknown> & { id: number; collection: string }

function authCollection(
  cms: Cms,
  slug: string,
): SanitizedCollection & { auth: Exclude<SanitizedCollection['auth'], false> } {
  const c = cms.collection(slug)
  if (!c.auth) throw new NotFound(`Collection "${slug}" is not an auth collection.`)
  return c as SanitizedCollection & { auth: Exclude<SanitizedCollection['auth'], false> }
}

const q = (cms: Cms, name: string) => cms.db.dialect.quote(name)
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** The stored row (hidden fields included) of the user with this email, matched case-insensitively. */
async function findByEmail(
  cms: Cms,
  ex: Executor,
  c: SanitizedCollection,
  email: string,
): Promise<Record<string, unknown> | undefined> {
  const rows = await ex.all<Record<string, unknown>>(
    `SELECT * FROM ${q(cms, c.table)} WHERE ${q(cms, 'email')} = ?`,
    [email.trim().toLowerCase()],
  )
  return rows[0]
}

/** The user as responses show it: read access ignored (it is the caller), hidden fields removed. */
async function publicUser(
  cms: Cms,
  c: SanitizedCollection,
  id: number,
  req: CmsRequest,
  depth?: number,
): Promise<User> {
  const doc = await selectById(
    (req.transaction as Executor | undefined) ?? cms.db,
    cms.queryContext(req.locale),
    c,
    id,
  )
  if (!doc) throw new Unauthorized()
  const [out] = await readDocs(cms, c, [doc], req, {
    depth: depthParam(cms, depth),
    overrideAccess: true,
  })
  return out as User
}

function credentials(data: unknown): { email: string; password: string } {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
  const errors = []
  if (typeof d.email !== 'string' || d.email.trim() === '')
    errors.push({ message: 'This field is required.', path: 'email', label: 'Email' })
  if (typeof d.password !== 'string' || d.password === '')
    errors.push({ message: 'This field is required.', path: 'password', label: 'Password' })
  if (errors.length) throw new ValidationError({ errors })
  return { email: d.email as string, password: d.password as string }
}

export interface LoginArgs extends BaseArgs {
  collection: string
  data: { email: string; password: string }
  depth?: number
}

export async function login(this: Cms, args: LoginArgs): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const { email, password } = credentials(args.data)
  const row = await findByEmail(this, this.db, c, email)
  if (!row || typeof row.hash !== 'string' || typeof row.salt !== 'string') {
    await fakeVerify(password)
    throw new AuthenticationError()
  }
  const id = Number(row.id)
  const now = Date.now()
  const lockedUntil = row.lockUntil ? Date.parse(String(row.lockUntil)) : 0
  if (lockedUntil > now) {
    await fakeVerify(password)
    throw new LockedAuth()
  }
  const table = q(this, c.table)
  if (!(await verifyPassword(password, row.hash, row.salt))) {
    const { maxLoginAttempts, lockTime } = c.auth
    if (maxLoginAttempts > 0) {
      // An expired lock starts the count again; the increment is atomic, so parallel failures all count.
      if (lockedUntil)
        await this.db.run(
          `UPDATE ${table} SET ${q(this, 'loginAttempts')} = 0, ${q(this, 'lockUntil')} = NULL WHERE id = ? AND ${q(this, 'lockUntil')} = ?`,
          [id, row.lockUntil],
        )
      await this.db.run(
        `UPDATE ${table} SET ${q(this, 'loginAttempts')} = COALESCE(${q(this, 'loginAttempts')}, 0) + 1 WHERE id = ?`,
        [id],
      )
      const [{ n }] = await this.db.all<{ n: number }>(
        `SELECT ${q(this, 'loginAttempts')} AS n FROM ${table} WHERE id = ?`,
        [id],
      )
      if (Number(n) >= maxLoginAttempts) {
        await this.db.run(`UPDATE ${table} SET ${q(this, 'lockUntil')} = ? WHERE id = ?`, [
          new Date(now + lockTime).toISOString(),
          id,
        ])
        throw new LockedAuth()
      }
    }
    throw new AuthenticationError()
  }
  return withTransaction(this, req, async (tx) => {
    await tx.run(
      `UPDATE ${table} SET ${q(this, 'loginAttempts')} = 0, ${q(this, 'lockUntil')} = NULL WHERE id = ?`,
      [id],
    )
    const { sid, seconds } = await createSession(tx, c.slug, id, c.auth)
    const { token, exp } = await signToken(this.config, { id, collection: c.slug, sid }, seconds)
    const user = await publicUser(this, c, id, req, args.depth)
    return { token, exp, user }
  })
}

/** The user a token stands for, with its claims; undefined when the token is invalid, expired, or its session ended. */
export async function authenticate(
  this: Cms,
  token: string,
): Promise<{ user: User; claims: TokenClaims } | undefined> {
  const claims = await verifyToken(this.config, token)
  if (!claims) return undefined
  const c = this.config.collectionsBySlug.get(claims.collection)
  if (!c?.auth) return undefined
  if (!(await sessionAlive(this.db, claims.sid, c.slug, claims.id))) return undefined
  const doc = await selectById(this.db, this.queryContext(), c, claims.id)
  if (!doc) return undefined
  const req = createLocalReq(this, {})
  const [user] = await readDocs(this, c, [doc], req, { depth: 0, overrideAccess: true })
  return { user: user as User, claims }
}

/** Ends the session of `sid` (its token is dead from now on). */
export async function logout(this: Cms, args: { collection: string; sid: string }): Promise<void> {
  authCollection(this, args.collection)
  await endSession(this.db, args.sid)
}

/** A fresh token for the same session, whose expiry moves forward. */
export async function refreshToken(
  this: Cms,
  args: BaseArgs & { collection: string; claims: TokenClaims; depth?: number },
): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  if (args.claims.collection !== c.slug)
    throw new Forbidden('This token belongs to another collection.')
  const req = createLocalReq(this, args)
  // The window slides, but a session ends `sessionLifetime` after its login however often it is refreshed.
  const seconds = await extendSession(this.db, args.claims.sid, c.auth)
  if (seconds === undefined)
    throw new Unauthorized('The session has reached its end (auth.sessionLifetime); log in again.')
  const { token, exp } = await signToken(
    this.config,
    { id: args.claims.id, collection: c.slug, sid: args.claims.sid },
    seconds,
  )
  return { token, exp, user: await publicUser(this, c, args.claims.id, req, args.depth) }
}

/**
 * Starts a password reset: a single-use token (20 random bytes, stored as its SHA-256) valid for
 * `forgotPassword.expiration` ms, handed to the config's `email.send` (default: logged in development).
 * Answers the same whether or not the email is known. Returns the token (Local callers only).
 */
export async function forgotPassword(
  this: Cms,
  args: BaseArgs & { collection: string; data: { email: string } },
): Promise<string | undefined> {
  const c = authCollection(this, args.collection)
  const email = (args.data as { email?: unknown } | undefined)?.email
  if (typeof email !== 'string' || email.trim() === '')
    throw new ValidationError({
      errors: [{ message: 'This field is required.', path: 'email', label: 'Email' }],
    })
  const row = await findByEmail(this, this.db, c, email)
  if (!row) return undefined
  const token = randomBytes(20).toString('hex')
  const expires = new Date(
    Date.now() + (c.auth.forgotPassword.expiration ?? 3_600_000),
  ).toISOString()
  await this.db.run(
    `UPDATE ${q(this, c.table)} SET ${q(this, 'resetPasswordToken')} = ?, ${q(this, 'resetPasswordExpiration')} = ? WHERE id = ?`,
    [sha256(token), expires, Number(row.id)],
  )
  const link = `${this.config.serverURL ?? ''}/reset-password?token=${token}`
  const message = {
    to: String(row.email),
    subject: 'Reset your password',
    text: `Someone asked to reset the password of ${String(row.email)}. To choose a new one, open ${link} (valid until ${expires}). If it was not you, ignore this message.`,
    token,
    link,
  }
  if (this.config.email?.send) await this.config.email.send(message)
  else if (process.env.NODE_ENV !== 'production')
    console.info(`[cms] password reset link for ${String(row.email)}: ${link}`)
  return token
}

/** Consumes a reset token: sets the new password, ends every session of the user, and logs them in. */
export async function resetPassword(
  this: Cms,
  args: BaseArgs & {
    collection: string
    data: { token: string; password: string }
    depth?: number
  },
): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const data = (args.data ?? {}) as { token?: unknown; password?: unknown }
  if (typeof data.token !== 'string' || data.token === '')
    throw new BadRequest('Missing required data: token.')
  const problem = passwordProblem(data.password)
  if (problem)
    throw new ValidationError({
      errors: [{ message: problem, path: 'password', label: 'Password' }],
    })
  // Hashed before the transaction opens (PBKDF2 must not hold SQLite's one connection).
  const { hash, salt } = await hashPassword(data.password as string)
  return withTransaction(this, req, async (tx) => {
    const table = q(this, c.table)
    const rows = await tx.all<{ id: number; resetPasswordExpiration: string }>(
      `SELECT id, ${q(this, 'resetPasswordExpiration')} FROM ${table} WHERE ${q(this, 'resetPasswordToken')} = ?`,
      [sha256(data.token as string)],
    )
    const row = rows[0]
    if (!row || !(Date.parse(String(row.resetPasswordExpiration)) > Date.now()))
      throw new Forbidden('Token is either invalid or has expired.')
    const id = Number(row.id)
    // Single use: the token is cleared in the same statement that sets the password.
    const done = await tx.run(
      `UPDATE ${table} SET ${q(this, 'hash')} = ?, ${q(this, 'salt')} = ?, ${q(this, 'resetPasswordToken')} = NULL, ${q(this, 'resetPasswordExpiration')} = NULL, ${q(this, 'loginAttempts')} = 0, ${q(this, 'lockUntil')} = NULL WHERE id = ? AND ${q(this, 'resetPasswordToken')} = ?`,
      [hash, salt, id, sha256(data.token as string)],
    )
    if (done.changes !== 1) throw new Forbidden('Token is either invalid or has expired.')
    await endAllSessions(tx, c.slug, id)
    const { sid, seconds } = await createSession(tx, c.slug, id, c.auth)
    const { token, exp } = await signToken(this.config, { id, collection: c.slug, sid }, seconds)
    return { token, exp, user: await publicUser(this, c, id, req, args.depth) }
  })
}
