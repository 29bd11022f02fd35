import type { Access } from '../../../config/types.ts'
import { clearFailedLogins, findUserByEmail } from '../../../db/stores/users.ts'
import { countDocs } from '../../../db/store.ts'
import { Forbidden } from '../../../errors/forbidden.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import type { BaseArgs } from '../../../config/local-api.ts'
import { executeAccess } from '../../access.ts'
import { createLocalReq, withTransaction } from '../../request.ts'
import { authCollection, requiredField, usersOf } from './shared.ts'

/** Without `access.unlock`: a logged-in user of the same collection (Payload 3.90 asks for a user of its admin collection). */
const defaultUnlockAccess =
  (slug: string): Access =>
  ({ req }) =>
    Boolean(req.user) && req.user!.collection === slug

/**
 * Unlocks an account locked by failed logins: `loginAttempts` back to 0, `lockUntil` cleared. `access.unlock`
 * decides who may (a Where must match the account); an unknown email is a 403, as in Payload.
 */
export async function unlock(
  this: Cms,
  args: BaseArgs & { collection: string; data: { email: string } },
): Promise<boolean> {
  const c = authCollection(this, args.collection)
  const req = createLocalReq(this, args)
  const overrideAccess = args.overrideAccess ?? true
  const email = (args.data as { email?: unknown } | undefined)?.email
  const access = await executeAccess(
    c.access.unlock ?? defaultUnlockAccess(c.slug),
    { req, data: args.data },
    overrideAccess,
  )
  if (typeof email !== 'string' || email.trim() === '')
    throw new ValidationError({ errors: [requiredField('Email', 'email')] })
  return withTransaction(this, req, async (tx) => {
    const users = usersOf(this, c, tx)
    const row = await findUserByEmail(users, email)
    const id = row ? Number(row.id) : undefined
    const allowed =
      id !== undefined &&
      (access === true ||
        (await countDocs(tx, this.queryContext(), c, { and: [{ id: { equals: id } }, access] })) >
          0)
    if (!allowed) throw new Forbidden()
    await clearFailedLogins(users, id)
    return true
  })
}
