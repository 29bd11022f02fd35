import { selectDocs } from '../../db/store.ts'
import { countTotal, generationSeen } from '../../db/totals.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { budgetOf } from '../budget.ts'
import type { Cms } from '../cms.ts'
import { whereAccess } from '../where-access.ts'
import { collectionOperation } from '../operation.ts'
import { depthParam, pageParams } from '../params.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type { CollectionSlug, DocOf, FindArgs, PaginatedDocs } from '../../config/local-api.ts'
import { readTarget } from '../versions.ts'
import { withoutTrashed } from '../trash.ts'

/**
 * Lists documents: access-narrowed where, sort, pagination; a total only when the page does not tell it, and then
 * the kept one while no write changed the tables it counts (db/totals.ts).
 */
export async function find<S extends CollectionSlug>(
  this: Cms,
  incoming: FindArgs<S>,
): Promise<PaginatedDocs<DocOf<S>>>
export async function find(
  this: Cms,
  incoming: FindArgs<CollectionSlug>,
): Promise<PaginatedDocs<Record<string, unknown>>> {
  const collection = this.collection(incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['read', 'find'],
    incoming,
    async (args, { req, overrideAccess }) => {
      const { limit, page, paginate, take, checkTaken } = pageParams(this, args, !overrideAccess)
      const budget = budgetOf(req, overrideAccess)
      const depth = depthParam(this, args.depth)

      // --- access: a Where result narrows the query itself, so totals and pages stay right
      const access = await executeAccess(collection.access.read, { req }, overrideAccess)
      // --- query: the collection, or with draft: true the latest versions
      const { target, where, sort, toDoc } = readTarget(
        collection,
        args.draft,
        withoutTrashed(collection, combineWhere(args.where, access), args.trash),
        args.sort,
      )
      const ctx = {
        ...this.queryContext(req.locale),
        relationAccess: await whereAccess(collection, args.where, req, overrideAccess, args.sort),
      }
      const ex = executorFor(this, req)
      budget?.chargeStatements()
      const docs = (
        await selectDocs(ex, ctx, target, {
          where,
          sort,
          limit: take,
          offset: paginate ? (page - 1) * limit : 0,
          charge: budget && ((size) => budget.chargeRead(size)),
        })
      ).map(toDoc)
      checkTaken(docs.length)
      const totalDocs =
        args.count === false
          ? (paginate ? (page - 1) * limit : 0) + docs.length
          : await totalOf(
              docs.length,
              { limit, page, paginate },
              () => (
                budget?.chargeStatements(),
                countTotal(this.db, ex, ctx, target, where, generationSeen(req))
              ),
            )

      // --- read
      const out = await readDocs(this, collection, docs, req, { ...args, depth, findMany: true })
      return paginated(
        out,
        totalDocs,
        paginate ? limit : (args.limit ?? 0),
        paginate ? page : 1,
        paginate,
      )
    },
  )
}

/** The total behind a page: known without a count query when the list is unpaginated or the page partly filled. */
export async function totalOf(
  found: number,
  p: { limit: number; page: number; paginate: boolean },
  count: () => Promise<number>,
): Promise<number> {
  if (!p.paginate) return found
  if (found > 0 && found < p.limit) return (p.page - 1) * p.limit + found
  return count()
}

export function paginated<T>(
  docs: T[],
  totalDocs: number,
  limit: number,
  page: number,
  paginate: boolean,
): PaginatedDocs<T> {
  const totalPages = paginate ? Math.max(1, Math.ceil(totalDocs / limit)) : 1
  return {
    docs,
    totalDocs,
    limit,
    totalPages,
    page,
    pagingCounter: paginate ? (page - 1) * limit + 1 : 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  }
}
