import { combinedWhere, trustedWhere } from '../db/where.ts'
import type { Access, AccessArgs, CmsRequest, FlattenedField, Where } from '../config/types.ts'
import { nestedData } from '../config/fields.ts'
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
 * Field-level access on writes, as Payload's beforeChange applies it: an incoming value the caller may not create
 * or update is dropped. At the top level the stored value then stays (the write merges over the original); inside
 * groups and array or blocks rows, which are written whole, the stored value of that field is put back (a row
 * found by its `id`, as Payload matches rows), and without one the field's default applies.
 */
export async function dropDeniedFields(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  req: CmsRequest,
  operation: 'create' | 'update',
  doc?: Record<string, unknown>,
): Promise<void> {
  await dropIn(fields, data, undefined, { req, operation, doc, data })
}

interface DropContext {
  req: CmsRequest
  operation: 'create' | 'update'
  /** The stored document (update). */
  doc?: Record<string, unknown>
  /** The whole incoming data. */
  data: Record<string, unknown>
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** The stored row of `rows` with the id `id`, if any. */
const rowById = (rows: unknown, id: unknown): Record<string, unknown> | undefined =>
  id === undefined || id === null || !Array.isArray(rows)
    ? undefined
    : rows.find((r): r is Record<string, unknown> => isObject(r) && r.id === id)

async function dropIn(
  fields: FlattenedField[],
  sibling: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
  ctx: DropContext,
): Promise<void> {
  const nestedLevel = stored !== undefined || sibling !== ctx.data
  for (const field of fields) {
    if (!(field.name in sibling)) continue
    const fn = field.access?.[ctx.operation]
    const args = { req: ctx.req, data: ctx.data, doc: ctx.doc, siblingData: sibling }
    if (fn && !(await fn(args))) {
      if (nestedLevel && stored?.[field.name] !== undefined)
        sibling[field.name] = structuredClone(stored[field.name])
      else delete sibling[field.name]
      continue
    }
    const before = (stored ?? (sibling === ctx.data ? ctx.doc : undefined))?.[field.name]
    for (const nested of nestedData(field, sibling[field.name]))
      await dropIn(
        nested.fields,
        nested.data,
        nested.index === undefined
          ? isObject(before)
            ? before
            : undefined
          : rowById(before, nested.data.id),
        ctx,
      )
  }
}
