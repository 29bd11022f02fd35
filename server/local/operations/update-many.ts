/**
 * The updateMany kind: every document matching `where` that the caller may update, one at a time through the
 * by-id update (`update.ts`), answering `{ docs, errors }`. An update that trashes needs delete access too.
 */
import { isRecord } from '../../utilities/is-record.ts'
import type { CmsRequest, ID, SanitizedCollection, Where } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { selectIds } from '../../db/store.ts'
import { combinedWhere } from '../../db/where.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { forEachDocument } from '../bulk.ts'
import type { Cms } from '../cms.ts'
import type { BulkResult, CollectionSlug, UpdateArgs } from '../../config/local-api.ts'
import { trashes, withoutTrashed } from '../trash.ts'
import { whereAccess } from '../where-access.ts'
import { bulkLimit } from '../params.ts'

export async function updateMany(
  cms: Cms,
  collection: SanitizedCollection,
  { tx, req, overrideAccess }: { tx: Executor; req: CmsRequest; overrideAccess: boolean },
  args: UpdateArgs<CollectionSlug>,
  one: (id: ID, access: true | Where) => Promise<unknown>,
): Promise<BulkResult<Record<string, unknown>>> {
  if (!args.where || typeof args.where !== 'object')
    throw new BadRequest("Missing 'where' query of documents to update.")
  if (isRecord(args.data) && typeof args.data.apiKey === 'string')
    throw new BadRequest(
      'An API key is set on one user at a time (PATCH by id); a bulk update may only remove keys (apiKey: null).',
      [{ path: 'apiKey' }],
    )
  const access = await trashAccess(
    collection,
    { req, data: args.data },
    overrideAccess,
    await executeAccess(collection.access.update, { req, data: args.data }, overrideAccess),
  )
  const ids = await selectIds(
    tx,
    {
      ...cms.queryContext(req.locale),
      relationAccess: await whereAccess(collection, args.where, req, overrideAccess, args.sort),
    },
    collection,
    withoutTrashed(collection, combineWhere(args.where, access), args.trash),
    args.sort,
    bulkLimit(args.limit),
    true,
  )
  return forEachDocument<Record<string, unknown>>(ids, (id) => one(id, true))
}

/**
 * An update that moves documents to the trash (sets `deletedAt`) needs delete access as well, called with the
 * data so it can tell trashing from deleting for good (Payload's rule); its Where narrows like update's.
 */
export async function trashAccess(
  collection: SanitizedCollection,
  args: { req: CmsRequest; id?: ID; data: unknown },
  overrideAccess: boolean,
  update: true | Where,
): Promise<true | Where> {
  if (overrideAccess || !trashes(collection, args.data)) return update
  const remove = await executeAccess(
    collection.access.delete,
    { req: args.req, id: args.id, data: isRecord(args.data) ? args.data : undefined },
    overrideAccess,
  )
  if (remove === true) return update
  return update === true ? remove : combinedWhere([update, remove])
}
