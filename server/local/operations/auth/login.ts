import { fakeVerify, verifyPassword } from '../../../auth/password.ts'
import { signToken } from '../../../auth/tokens.ts'
import {
  clearFailedLogins,
  countFailedLogin,
  findUserByEmail,
  lockUser,
} from '../../../db/stores/users.ts'
import { createSession } from '../../../db/stores/sessions.ts'
import { AuthenticationError, LockedAuth, UnverifiedEmail } from '../../../errors/auth-errors.ts'
import type { Cms } from '../../cms.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { jwtFields } from './jwt-fields.ts'
import { authCollection, credentials, publicUser, usersOf, type AuthResult } from './shared.ts'

export interface LoginArgs extends BaseArgs {
  collection: string
  data: { email: string; password: string }
  depth?: number
}

/**
 * Logs a user in: a new session and its token. Failed logins count per account (`maxLoginAttempts`,
 * `lockTime`): a locked account answers LockedAuth even to the right password until the lock ends. An unknown
 * email answers exactly like a wrong password, after as long a wait (a dummy hash).
 */
export async function login(this: Cms, args: LoginArgs): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const { email, password } = credentials(args.data)
  const users = usersOf(this, c)
  const row = await findUserByEmail(users, email)
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
  if (!(await verifyPassword(password, row.hash, row.salt))) {
    const { maxLoginAttempts, lockTime } = c.auth
    if (maxLoginAttempts > 0) {
      const failures = await countFailedLogin(users, id, lockedUntil ? row.lockUntil : undefined)
      if (failures >= maxLoginAttempts) {
        await lockUser(users, id, new Date(now + lockTime).toISOString())
        throw new LockedAuth()
      }
    }
    throw new AuthenticationError()
  }
  // auth.verify: the right password of an account not yet verified is a 403 (an explicit false only: accounts
  // that existed before verify was turned on have no value and still log in).
  if (c.auth.verify && (row._verified === 0 || row._verified === false || row._verified === '0'))
    throw new UnverifiedEmail()
  return withTransaction(this, req, async (tx) => {
    await clearFailedLogins(usersOf(this, c, tx), id)
    const { sid, seconds } = await createSession(tx, c.slug, id, c.auth)
    const fields = await jwtFields(this, c, id, tx)
    const { token, exp } = await signToken(
      this.config,
      { id, collection: c.slug, sid },
      seconds,
      fields,
    )
    const user = await publicUser(this, c, id, req, args.depth)
    return { token, exp, user }
  })
}
