import { randomBytes } from 'node:crypto'
import { findUserByLogin, setResetToken } from '../../../db/stores/users.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import {
  authCollection,
  loginIdentity,
  requiredField,
  runAuthHooks,
  sha256,
  usersOf,
} from './shared.ts'

/**
 * Starts a password reset: a single-use token (20 random bytes, stored as its SHA-256) valid for
 * `forgotPassword.expiration` ms, handed to the config's `email.send` (default: logged in development).
 * Answers the same whether or not the email is known. Then the `afterForgotPassword` hooks run (known accounts
 * only, as Payload; one that throws fails the call, though the mail has gone). With `loginWithUsername` the account
 * is named by `username` (or `email` with `allowEmailLogin`). Returns the token (Local callers only).
 */
export async function forgotPassword(
  this: Cms,
  args: BaseArgs & { collection: string; data: { email?: string; username?: string } },
): Promise<string | undefined> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const errors: ReturnType<typeof requiredField>[] = []
  const data = (args.data && typeof args.data === 'object' ? args.data : {}) as Record<
    string,
    unknown
  >
  // As Payload: the email when given (and allowed), else the username; each matched against its own column.
  const { matches } = loginIdentity(c, data, errors)
  if (errors.length) throw new ValidationError({ errors })
  const users = usersOf(this, c)
  const row = await findUserByLogin(users, matches.slice(0, 1))
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
  // An account without an email (loginWithUsername) gets no mail; Local callers still get the token.
  if (!row.email) {
    // nothing to send
  } else if (this.config.email?.send) await this.config.email.send(message)
  else if (process.env.NODE_ENV !== 'production')
    console.info(`[cms] password reset link for ${String(row.email)}: ${link}`)
  await runAuthHooks(c.hooks.afterForgotPassword, undefined, () => ({
    args,
    collection: c,
    context: req.context,
  }))
  return token
}
