import { selectDocs } from '../../db/store.ts'
import { countTotal } from '../../db/totals.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { whereAccess } from '../where-access.ts'
import { collectionOperation } from '../operation.ts'
import type { VersionsRead } from './count-versions.ts'
import { depthParam, pageParams } from '../params.ts'
import { budgetOf } from '../budget.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type { SanitizedCollection } from '../../config/types.ts'
import type {
  CollectionSlug,
  DocOf,
  FindVersionsArgs,
  PaginatedDocs,
  VersionDoc,
} from '../../config/local-api.ts'
import { accessOnVersions, versioned } from '../versions.ts'
import { paginated, totalOf } from './find.ts'
import { withoutTrashed } from '../trash.ts'

/** Lists a document's (or every document's) versions, newest first: `readVersions` access, paginated. */
export async function findVersions<S extends CollectionSlug>(
  this: Cms,
  incoming: FindVersionsArgs<S>,
): Promise<PaginatedDocs<VersionDoc<DocOf<S>>>>
export async function findVersions(
  this: Cms,
  incoming: FindVersionsArgs<CollectionSlug>,
): Promise<PaginatedDocs<object>> {
  const { collection, versions } = versioned(this, incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['read', 'findVersions'],
    incoming,
    (args, { req, overrideAccess }) =>
      pageOfVersions(
        { cms: this, req, versions, readVersions: collection.access.readVersions, overrideAccess },
        args,
        collection,
      ),
  )
}

/** One page of a versions collection (a collection's or a global's), under `readVersions` access. */
export async function pageOfVersions(
  { cms, req, versions, readVersions, overrideAccess }: VersionsRead,
  args: Omit<FindVersionsArgs<string>, 'collection'>,
  /** The collection whose versions these are, when it keeps a trash: versions of trashed documents hidden. */
  trashOf?: SanitizedCollection,
): Promise<PaginatedDocs<Record<string, unknown>>> {
  const { limit, page, paginate, take, checkTaken } = pageParams(cms, args, !overrideAccess)
  const budget = budgetOf(req, overrideAccess)
  const depth = depthParam(cms, args.depth)
  const access = accessOnVersions(
    await executeAccess(readVersions, { req }, overrideAccess),
    versions,
  )
  const where = trashOf
    ? withoutTrashed(trashOf, combineWhere(args.where, access), args.trash, 'version.deletedAt')
    : combineWhere(args.where, access)
  const ctx = {
    ...cms.queryContext(req.locale),
    relationAccess: await whereAccess(versions, args.where, req, overrideAccess, args.sort),
  }
  const ex = executorFor(cms, req)
  budget?.chargeStatements()
  const rows = await selectDocs(ex, ctx, versions, {
    where,
    sort: args.sort,
    limit: take,
    offset: paginate ? (page - 1) * limit : 0,
    charge: budget && ((size) => budget.chargeRead(size)),
  })
  checkTaken(rows.length)
  const totalDocs = await totalOf(
    rows.length,
    { limit, page, paginate },
    () => (budget?.chargeStatements(), countTotal(cms.db, ex, ctx, versions, where)),
  )
  const docs = await readDocs(cms, versions, rows, req, {
    ...args,
    depth,
    findMany: true,
    history: true,
  })
  return paginated(
    docs,
    totalDocs,
    paginate ? limit : (args.limit ?? 0),
    paginate ? page : 1,
    paginate,
  )
}
