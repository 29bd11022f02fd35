import { randomBytes } from 'node:crypto'
import { findUserByEmail, setResetToken } from '../../../db/stores/users.ts'
import { BadRequest } from '../../../errors/bad-request.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { createLocalReq } from '../../request.ts'
import { sendResetEmail } from './emails.ts'
import { authCollection, publicUser, requiredField, sha256, usersOf } from './shared.ts'

export interface ForgotPasswordArgs extends BaseArgs {
  collection: string
  data: { email: string }
  /** Store the token and return it without mailing it (Payload's Local option). */
  disableEmail?: boolean
  /** Milliseconds this token is valid; default `auth.forgotPassword.expiration`. */
  expiration?: number
}

/**
 * Starts a password reset: a single-use token (20 random bytes, stored as its SHA-256) valid for
 * `expiration` ms (default `auth.forgotPassword.expiration`), mailed through the email adapter
 * (`generateEmailHTML`/`generateEmailSubject` shape the message) unless `disableEmail`. Answers the same
 * whether or not the email is known. Returns the token (Local callers only).
 */
export async function forgotPassword(
  this: Cms,
  args: ForgotPasswordArgs,
): Promise<string | undefined> {
  const c = authCollection(this, args.collection)
  const email = (args.data as { email?: unknown } | undefined)?.email
  if (typeof email !== 'string' || email.trim() === '')
    throw new ValidationError({ errors: [requiredField('Email', 'email')] })
  const expiration = args.expiration ?? c.auth.forgotPassword.expiration ?? 3_600_000
  if (!Number.isFinite(expiration) || expiration <= 0)
    throw new BadRequest('expiration must be a positive number of milliseconds.')
  const users = usersOf(this, c)
  const row = await findUserByEmail(users, email)
  if (!row) return undefined
  const id = Number(row.id)
  const token = randomBytes(20).toString('hex')
  const expires = new Date(Date.now() + expiration).toISOString()
  await setResetToken(users, id, sha256(token), expires)
  if (!args.disableEmail) {
    const req = createLocalReq(this, args)
    const user = await publicUser(this, c, id, req, 0)
    await sendResetEmail(this, c, user, token, expires, req)
  }
  return token
}
