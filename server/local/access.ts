import { combinedWhere, trustedWhere } from '../db/where.ts'
import type { Access, AccessArgs, CmsRequest, FlattenedField, Where } from '../config/types.ts'
import { walkDataAsync } from '../config/fields.ts'
import { objectFields } from '../fields/registry.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { Unauthorized } from '../errors/unauthorized.ts'

/** Without an access function, an operation is allowed to any logged-in user only (DESIGN.md §5). */
const defaultAccess: Access = ({ req }) => Boolean(req.user)

/**
 * Runs an access function: `true` allows, a Where narrows (ANDed into the query by the caller), anything falsy
 * denies with 401 for an anonymous caller and 403 for a logged-in one. `overrideAccess` skips it entirely.
 */
export async function executeAccess(
  fn: Access | undefined,
  args: AccessArgs,
  overrideAccess: boolean,
): Promise<true | Where> {
  if (overrideAccess) return true
  const result = await (fn ?? defaultAccess)(args)
  if (result === true) return true
  if (result && typeof result === 'object') return result
  throw args.req.user ? new Forbidden() : new Unauthorized()
}

/** The same decision without throwing: `false` where `executeAccess` would deny (hot paths: population). */
export async function accessResult(
  fn: Access | undefined,
  args: AccessArgs,
  overrideAccess: boolean,
): Promise<true | Where | false> {
  if (overrideAccess) return true
  const result = await (fn ?? defaultAccess)(args)
  if (result === true) return true
  if (result && typeof result === 'object') return result
  return false
}

/** `where` AND the access constraint (no copy when access allows everything). */
export function combineWhere(where: Where | undefined, access: true | Where): Where | undefined {
  if (access === true) return where
  if (!where || Object.keys(where).length === 0) return trustedWhere(access)
  return combinedWhere([where, trustedWhere(access)])
}

/**
 * Field-level access on writes: an incoming value the caller may not create or update is dropped
 * (as Payload does), recursing into groups.
 */
export async function dropDeniedFields(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  req: CmsRequest,
  operation: 'create' | 'update',
  doc?: Record<string, unknown>,
): Promise<void> {
  await walkDataAsync(fields, data, {
    async visit(field, sibling) {
      if (!(field.name in sibling)) return false
      const fn = field.access?.[operation]
      if (fn && !(await fn({ req, data: sibling, doc, siblingData: sibling }))) {
        delete sibling[field.name]
        return false
      }
      // Only a group's fields: fields in array and block rows take no create or update access (the option check).
      return Boolean(objectFields(field))
    },
  })
}
