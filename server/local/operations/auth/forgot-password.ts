import { randomBytes } from 'node:crypto'
import { findUserByEmail, setResetToken } from '../../../db/stores/users.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { authCollection, requiredField, sha256, usersOf } from './shared.ts'

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
    throw new ValidationError({ errors: [requiredField('Email', 'email')] })
  const users = usersOf(this, c)
  const row = await findUserByEmail(users, email)
  if (!row) return undefined
  const token = randomBytes(20).toString('hex')
  const expires = new Date(
    Date.now() + (c.auth.forgotPassword.expiration ?? 3_600_000),
  ).toISOString()
  await setResetToken(users, Number(row.id), sha256(token), expires)
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
