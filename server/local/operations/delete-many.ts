/**
 * The deleteMany kind: every document matching `where` that the caller may delete, one at a time through the
 * by-id delete (`delete.ts`), answering `{ docs, errors }`.
 */
import type { CmsRequest, ID, SanitizedCollection } from '../../config/types.ts'
import type { BulkResult, CollectionSlug, DeleteArgs } from '../../config/local-api.ts'
import type { Executor } from '../../db/database.ts'
import { selectIds } from '../../db/store.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { forEachDocument } from '../bulk.ts'
import type { Cms } from '../cms.ts'
import { withoutTrashed } from '../trash.ts'
import { whereAccess } from '../where-access.ts'
import { bulkLimit } from '../params.ts'

export async function deleteMany(
  cms: Cms,
  collection: SanitizedCollection,
  { tx, req, overrideAccess }: { tx: Executor; req: CmsRequest; overrideAccess: boolean },
  args: DeleteArgs<CollectionSlug>,
  one: (id: ID) => Promise<unknown>,
): Promise<BulkResult<Record<string, unknown>>> {
  if (!args.where || typeof args.where !== 'object')
    throw new BadRequest("Missing 'where' query of documents to delete.")
  const access = await executeAccess(collection.access.delete, { req }, overrideAccess)
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
  return forEachDocument<Record<string, unknown>>(ids, one)
}
