import { countTotal, generationSeen } from '../../db/totals.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { budgetOf } from '../budget.ts'
import type { Cms } from '../cms.ts'
import { whereAccess } from '../where-access.ts'
import { collectionOperation } from '../operation.ts'
import { executorFor } from '../request.ts'
import type { CollectionSlug, CountArgs } from '../../config/local-api.ts'
import { readTarget } from '../versions.ts'
import { withoutTrashed } from '../trash.ts'

/** `{ totalDocs }` of the documents matching `where` that the caller may read. */
export async function count<S extends CollectionSlug>(
  this: Cms,
  incoming: CountArgs<S>,
): Promise<{ totalDocs: number }> {
  const collection = this.collection(incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['count', 'count'],
    incoming,
    async (args, { req, overrideAccess }) => {
      const access = await executeAccess(collection.access.read, { req }, overrideAccess)
      const { target, where } = readTarget(
        collection,
        args.draft,
        withoutTrashed(collection, combineWhere(args.where, access), args.trash),
      )
      budgetOf(req, overrideAccess)?.chargeStatements()
      const totalDocs = await countTotal(
        this.db,
        executorFor(this, req),
        {
          ...this.queryContext(req.locale),
          relationAccess: await whereAccess(collection, args.where, req, overrideAccess),
        },
        target,
        where,
        generationSeen(req),
      )
      return { totalDocs }
    },
  )
}
