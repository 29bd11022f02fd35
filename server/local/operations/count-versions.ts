import { countTotal } from '../../db/totals.ts'
import type { Access, CmsRequest, SanitizedCollection, Where } from '../../config/types.ts'
import type { CollectionSlug, CountVersionsArgs } from '../../config/local-api.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { budgetOf } from '../budget.ts'
import type { Cms } from '../cms.ts'
import { runOperation } from '../operation.ts'
import { createLocalReq, executorFor } from '../request.ts'
import { accessOnVersions, versioned } from '../versions.ts'
import { whereAccess } from '../where-access.ts'

/** `{ totalDocs }` of a collection's versions matching `where` (`readVersions` access). */
export async function countVersions<S extends CollectionSlug>(
  this: Cms,
  incoming: CountVersionsArgs<S>,
): Promise<{ totalDocs: number }> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return runOperation(
    collection,
    req,
    ['countVersions', 'countVersions'],
    incoming,
    overrideAccess,
    (args) =>
      countOfVersions(
        this,
        req,
        versions,
        collection.access.readVersions,
        args.where,
        overrideAccess,
      ),
  )
}

/** Counts a versions collection (a collection's or a global's) under `readVersions` access. */
export async function countOfVersions(
  cms: Cms,
  req: CmsRequest,
  versions: SanitizedCollection,
  readVersions: Access | undefined,
  where: Where | undefined,
  overrideAccess: boolean,
): Promise<{ totalDocs: number }> {
  const access = accessOnVersions(
    await executeAccess(readVersions, { req }, overrideAccess),
    versions,
  )
  budgetOf(req, overrideAccess)?.chargeStatements()
  const totalDocs = await countTotal(
    cms.db,
    executorFor(cms, req),
    {
      ...cms.queryContext(req.locale),
      relationAccess: await whereAccess(versions, where, req, overrideAccess),
    },
    versions,
    combineWhere(where, access),
  )
  return { totalDocs }
}
