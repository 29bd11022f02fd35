import { selectDocs } from '../../db/store.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { budgetOf } from '../budget.ts'
import type { Cms } from '../cms.ts'
import { collectionOperation } from '../operation.ts'
import { depthParam, idParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type { CollectionSlug, DocOf, FindByIDArgs } from '../../config/local-api.ts'
import { readTarget } from '../versions.ts'
import { withoutTrashed } from '../trash.ts'

/** One document by id; 404 when it does not exist or read access hides it (or `null` with `disableErrors`). */
export async function findByID<S extends CollectionSlug>(
  this: Cms,
  incoming: FindByIDArgs<S>,
): Promise<DocOf<S>>
export async function findByID(
  this: Cms,
  incoming: FindByIDArgs<CollectionSlug>,
): Promise<Record<string, unknown> | null> {
  const collection = this.collection(incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['read', 'findByID'],
    incoming,
    async (args, { req, overrideAccess }) => {
      const id = idParam(args.id, collection)
      const depth = depthParam(this, args.depth)
      const access = await executeAccess(collection.access.read, { req, id }, overrideAccess)
      const { target, where, toDoc } = readTarget(
        collection,
        args.draft,
        withoutTrashed(collection, combineWhere({ id: { equals: id } }, access), args.trash),
      )
      const budget = budgetOf(req, overrideAccess)
      budget?.chargeStatements()
      const [doc] = (
        await selectDocs(executorFor(this, req), this.queryContext(req.locale), target, {
          where,
          limit: 1,
          charge: budget && ((size) => budget.chargeRead(size)),
        })
      ).map(toDoc)
      if (!doc) {
        if (args.disableErrors) return null
        throw new NotFound()
      }
      const [out] = await readDocs(this, collection, [doc], req, { ...args, depth })
      return out
    },
  )
}
