import { countDocs, selectDocs } from '../../db/store.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { whereAccess } from '../where-access.ts'
import { runOperation } from '../operation.ts'
import { depthParam, pageParams } from '../params.ts'
import { budgetOf } from '../budget.ts'
import { readDocs } from '../read.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type {
  CollectionSlug,
  DocOf,
  FindVersionsArgs,
  PaginatedDocs,
  VersionDoc,
} from '../../config/local-api.ts'
import { versioned } from '../versions.ts'
import { paginated, totalOf } from './find.ts'
import { withoutTrashed } from '../trash.ts'

/** Lists a document's (or every document's) versions, newest first: `readVersions` access, paginated. */
export async function findVersions<S extends CollectionSlug>(
  this: Cms,
  incoming: FindVersionsArgs<S>,
): Promise<PaginatedDocs<VersionDoc<DocOf<S>>>> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return runOperation(
    collection,
    req,
    ['read', 'findVersions'],
    incoming,
    overrideAccess,
    async (args) => {
      const { limit, page, paginate, take, checkTaken } = pageParams(this, args, !overrideAccess)
      const budget = budgetOf(req, overrideAccess)
      const depth = depthParam(this, args.depth)
      const access = await executeAccess(collection.access.readVersions, { req }, overrideAccess)
      const where = withoutTrashed(
        collection,
        combineWhere(args.where, access),
        args.trash,
        'version.deletedAt',
      )
      const ctx = {
        ...this.queryContext(req.locale),
        relationAccess: await whereAccess(versions, args.where, req, overrideAccess),
      }
      const ex = executorFor(this, req)
      budget?.chargeStatements()
      const rows = await selectDocs(ex, ctx, versions, {
        where,
        sort: args.sort,
        limit: take,
        offset: paginate ? (page - 1) * limit : 0,
      })
      checkTaken(rows.length)
      const totalDocs = await totalOf(
        rows.length,
        { limit, page, paginate },
        () => (budget?.chargeStatements(), countDocs(ex, ctx, versions, where)),
      )
      const docs = await readDocs(this, versions, rows, req, { ...args, depth, findMany: true })
      return paginated(
        docs as unknown as VersionDoc<DocOf<S>>[],
        totalDocs,
        paginate ? limit : (args.limit ?? 0),
        paginate ? page : 1,
        paginate,
      )
    },
  )
}
