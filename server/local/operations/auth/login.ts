import { fakeVerify, hashPassword, isPayloadHash, verifyPassword } from '../../../auth/password.ts'
import {
  clearFailedLogins,
  countFailedLogin,
  findUserByLogin,
  lockUser,
  setPasswordHash,
} from '../../../db/stores/users.ts'
import { AuthenticationError, LockedAuth, UnverifiedEmail } from '../../../errors/auth-errors.ts'
import type { Cms } from '../../cms.ts'
import type { CmsRequest } from '../../../config/types.ts'
import { selectById } from '../../../db/store.ts'
import { emitCollectionEvents } from '../../webhooks/emit.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { openSession } from './jwt-fields.ts'
import {
  authCollection,
  credentials,
  publicUser,
  runAuthHooks,
  unverified,
  userAnswer,
  usersOf,
  type AuthCollection,
  type AuthResult,
} from './shared.ts'

export interface LoginArgs extends BaseArgs {
  collection: string
  /** `{ email, password }`; with `loginWithUsername`, `{ username, password }` (or either, with `allowEmailLogin`). */
  data: { email?: string; username?: string; password: string }
  depth?: number
}

/**
 * Logs a user in: a new session and its token. Failed logins count per account (`maxLoginAttempts`,
 * `lockTime`): a locked account answers LockedAuth even to the right password until the lock ends. An unknown
 * email answers exactly like a wrong password, after as long a wait (a dummy hash). After the password matched,
 * one transaction clears the failure count, opens the session and runs the `beforeLogin` and `afterLogin` hooks:
 * a hook that throws leaves no session and the count as it was.
 */
export async function login(this: Cms, args: LoginArgs): Promise<AuthResult> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const { matches, byUsername, password } = credentials(c, args.data)
  const users = usersOf(this, c)
  const row = await findUserByLogin(users, matches)
  if (!row || typeof row.hash !== 'string' || typeof row.salt !== 'string') {
    await fakeVerify(password)
    throw new AuthenticationError(byUsername)
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
        await lockAccount(this, c, req, id, new Date(now + lockTime).toISOString())
        throw new LockedAuth()
      }
    }
    throw new AuthenticationError(byUsername)
  }
  // auth.verify: the right password of an account not yet verified is a 403.
  if (unverified(c, row)) throw new UnverifiedEmail()
  // A hash Payload made is replaced by this server's, with the login (a hook refusing it keeps the old one).
  const upgrade = isPayloadHash(row.hash) ? await hashPassword(password) : undefined
  return withTransaction(this, req, async (tx) => {
    await clearFailedLogins(usersOf(this, c, tx), id)
    if (upgrade) await setPasswordHash(usersOf(this, c, tx), id, upgrade)
    // Signed with the session (its claims do not depend on the hooks), so it ends when the session does; handed
    // out only when every hook has passed.
    const { token, exp } = await openSession(this, c, id, tx)
    const hookArgs = { collection: c, context: req.context, req }
    // The hooks get the user as the answer shows it (userAnswer), and `req.user` all of it.
    const self = await publicUser(this, c, id, req, args.depth)
    let user =
      args.overrideAccess === false ? await userAnswer(this, c, id, req, { ...args, self }) : self
    user = await runAuthHooks(c.hooks.beforeLogin, user, (u) => ({ ...hookArgs, user: u }))
    // As Payload: the hooks after this one (and the rest of the request) see the user logged in.
    req.user = { ...self, ...user, id, collection: c.slug }
    user = await runAuthHooks(c.hooks.afterLogin, user, (u) => ({ ...hookArgs, token, user: u }))
    return { token, exp, user }
  })
}

/** Locks an account, with its `loginLocked` event, in one transaction (the lock and its event commit together). */
async function lockAccount(
  cms: Cms,
  c: AuthCollection,
  req: CmsRequest,
  id: number,
  until: string,
) {
  await withTransaction(cms, { ...req }, async (tx) => {
    await lockUser(usersOf(cms, c, tx), id, until)
    if (cms.webhooks.subscriptions.empty) return
    const row = await selectById(tx, cms.queryContext(), c, id)
    if (row) await emitCollectionEvents(cms, { ...req, transaction: tx }, c, ['loginLocked'], row)
  })
}
