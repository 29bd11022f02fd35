import { countTotal } from '../../db/totals.ts'
import type { Access, CmsRequest, SanitizedCollection, Where } from '../../config/types.ts'
import type { CollectionSlug, CountVersionsArgs } from '../../config/local-api.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { budgetOf } from '../budget.ts'
import type { Cms } from '../cms.ts'
import { collectionOperation } from '../operation.ts'
import { executorFor } from '../request.ts'
import { accessOnVersions, versioned } from '../versions.ts'
import { whereAccess } from '../where-access.ts'

/** `{ totalDocs }` of a collection's versions matching `where` (`readVersions` access). */
export async function countVersions<S extends CollectionSlug>(
  this: Cms,
  incoming: CountVersionsArgs<S>,
): Promise<{ totalDocs: number }> {
  const { collection, versions } = versioned(this, incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['countVersions', 'countVersions'],
    incoming,
    (args, { req, overrideAccess }) =>
      countOfVersions(
        { cms: this, req, versions, readVersions: collection.access.readVersions, overrideAccess },
        args.where,
      ),
  )
}

/**
 * A read of a versions collection (a collection's or a global's): the request, the versions collection, its
 * owner's `readVersions` access and the call's `overrideAccess`.
 */
export interface VersionsRead {
  cms: Cms
  req: CmsRequest
  versions: SanitizedCollection
  readVersions: Access | undefined
  overrideAccess: boolean
}

/** Counts a versions collection (a collection's or a global's) under `readVersions` access. */
export async function countOfVersions(
  { cms, req, versions, readVersions, overrideAccess }: VersionsRead,
  where: Where | undefined,
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
