import { clearFailedLogins, findUserByEmail } from '../../../db/stores/users.ts'
import { countDocs } from '../../../db/store.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import { Unauthorized } from '../../../errors/unauthorized.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { accessResult } from '../../access.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import { authCollection, requiredField, usersOf } from './shared.ts'

/**
 * Unlocks an account locked by failed logins: `loginAttempts` back to 0, `lockUntil` cleared. `access.unlock`
 * decides who may, else the collection's `update` access (docs/decisions.md: Payload lets any logged-in user
 * unlock anyone, which makes the lock worthless against a holder of one account), asked with the account's id; a
 * Where must match the account. An unknown email is answered exactly like an account the caller may not unlock
 * (403, or 401 for an anonymous caller), so unlock tells nobody which accounts exist.
 */
export async function unlock(
  this: Cms,
  args: BaseArgs & { collection: string; data: { email: string } },
): Promise<boolean> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const overrideAccess = args.overrideAccess ?? true
  const data: { email?: unknown } | undefined = args.data
  const email = data?.email
  if (typeof email !== 'string' || email.trim() === '')
    throw new ValidationError({ errors: [requiredField('Email', 'email')] })
  return withTransaction(this, req, async (tx) => {
    const users = usersOf(this, c, tx)
    const row = await findUserByEmail(users, email)
    const id = row ? Number(row.id) : undefined
    // Asked for an unknown email too (with no id), so both answers take the same path.
    const access = await accessResult(
      c.access.unlock ?? c.access.update,
      { req, id, data: args.data },
      overrideAccess,
    )
    const allowed =
      id !== undefined &&
      access !== false &&
      (access === true ||
        (await countDocs(tx, this.queryContext(), c, { and: [{ id: { equals: id } }, access] })) >
          0)
    if (!allowed) throw req.user || overrideAccess ? new Forbidden() : new Unauthorized()
    await clearFailedLogins(users, id)
    return true
  })
}
