import { isRecord } from '../../../utilities/is-record.ts'
import { randomBytes } from 'node:crypto'
import { findUserByLogin, setResetToken } from '../../../db/stores/users.ts'
import { BadRequest } from '../../../errors/bad-request.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { sendResetEmail } from './emails.ts'
import {
  authCollection,
  loginIdentity,
  publicUser,
  requiredField,
  runAuthHooks,
  sha256,
  usersOf,
} from './shared.ts'

export interface ForgotPasswordArgs extends BaseArgs {
  collection: string
  /** `email`; with `loginWithUsername`, `username` (or `email` where `allowEmailLogin`). */
  data: { email?: string; username?: string }
  /** Store the token and return it without mailing it (Payload's Local option). */
  disableEmail?: boolean
  /** Milliseconds this token is valid; default `auth.forgotPassword.expiration`. */
  expiration?: number
}

/**
 * Starts a password reset: a single-use token (20 random bytes, stored as its SHA-256) valid for
 * `expiration` ms (default `auth.forgotPassword.expiration`), mailed through the email adapter
 * (`generateEmailHTML`/`generateEmailSubject` shape the message) unless `disableEmail` or the account has no
 * email (loginWithUsername). Answers the same whether or not the account is known, after the same work: one
 * lookup, a token made and one token write (matching no row for an unknown account); the mail is built and sent
 * after the answer (`cms.background`, a failure logged), so its time tells nothing either. Then the
 * `afterForgotPassword` hooks run (known accounts only, as Payload; one that throws fails the call, though the
 * mail is on its way). With `loginWithUsername` the account is named by `username` (or `email` with
 * `allowEmailLogin`). Returns the token (Local callers only).
 */
export async function forgotPassword(
  this: Cms,
  args: ForgotPasswordArgs,
): Promise<string | undefined> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const errors: ReturnType<typeof requiredField>[] = []
  const data = isRecord(args.data) ? args.data : {}
  // As Payload: the email when given (and allowed), else the username; each matched against its own column.
  const { matches } = loginIdentity(c, data, errors)
  if (errors.length) throw new ValidationError({ errors })
  const expiration = args.expiration ?? c.auth.forgotPassword.expiration ?? 3_600_000
  if (!Number.isFinite(expiration) || expiration <= 0)
    throw new BadRequest('expiration must be a positive number of milliseconds.')
  const users = usersOf(this, c)
  const row = await findUserByLogin(users, matches.slice(0, 1))
  // An unknown account takes the same steps: its write names an id no row has (ids are positive).
  const id = row ? Number(row.id) : NO_ROW
  const token = randomBytes(20).toString('hex')
  const expires = new Date(Date.now() + expiration).toISOString()
  await setResetToken(users, id, sha256(token), expires)
  if (!row) return undefined
  const send = async () => {
    const user = await publicUser(this, c, id, req, 0)
    await sendResetEmail(this, c, user, token, expires, req)
  }
  // Within a caller's transaction (a Local call from a hook) the mail goes before it ends, as it reads through it.
  if (!args.disableEmail && row.email) {
    if (req.transaction) await send()
    else this.background.run(req, 'the password reset mail', send)
  }
  await runAuthHooks(c.hooks.afterForgotPassword, undefined, () => ({
    args,
    collection: c,
    context: req.context,
  }))
  return token
}

const NO_ROW = -1
