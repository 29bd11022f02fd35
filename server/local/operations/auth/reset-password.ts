import { hashPassword, passwordProblem } from '../../../auth/password.ts'
import { endAllSessions } from '../../../db/stores/sessions.ts'
import { consumeResetToken, findByResetToken } from '../../../db/stores/users.ts'
import { BadRequest } from '../../../errors/bad-request.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { openSession } from './jwt-fields.ts'
import { selectById } from '../../../db/store.ts'
import { UnverifiedEmail } from '../../../errors/auth-errors.ts'
import {
  authCollection,
  sha256,
  unverified,
  userAnswer,
  usersOf,
  type AuthResult,
} from './shared.ts'

/**
 * Consumes a reset token: sets the new password, ends every session of the user, and logs them in (an account
 * waiting for its verification is verified by it; one unverified otherwise is refused, UnverifiedEmail).
 */
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
  const data: { token?: unknown; password?: unknown } = args.data ?? {}
  if (typeof data.token !== 'string' || data.token === '')
    throw new BadRequest('Missing required data: token.')
  const problem = passwordProblem(data.password)
  if (problem || typeof data.password !== 'string')
    throw new ValidationError({
      errors: [
        {
          message: problem ?? 'Missing required data: password.',
          path: 'password',
          label: 'Password',
        },
      ],
    })
  const tokenHash = sha256(data.token)
  // Hashed before the transaction opens (PBKDF2 must not hold SQLite's one connection).
  const password = await hashPassword(data.password)
  return withTransaction(this, req, async (tx) => {
    const users = usersOf(this, c, tx)
    const found = await findByResetToken(users, tokenHash)
    if (!found || !(Date.parse(found.expires) > Date.now()))
      throw new Forbidden('Token is either invalid or has expired.')
    // Single use: the token is cleared in the same statement that sets the password (and verifies an account
    // waiting for its verification mail: the reset link proved the same mailbox).
    if (!(await consumeResetToken(users, found.id, tokenHash, password, Boolean(c.auth.verify))))
      throw new Forbidden('Token is either invalid or has expired.')
    // An account unverified otherwise (no verification pending) gets no session: nothing is written.
    const row = c.auth.verify && (await selectById(tx, this.queryContext(), c, found.id))
    if (row && unverified(c, row)) throw new UnverifiedEmail()
    await endAllSessions(tx, c.slug, found.id)
    const { token, exp } = await openSession(this, c, found.id, tx)
    return { token, exp, user: await userAnswer(this, c, found.id, req, args) }
  })
}
