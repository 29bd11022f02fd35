import { countDocs, selectDocs } from '../../db/store.ts'
import type { Cms } from '../cms.ts'
import { afterReadMany } from '../read.ts'
import { pageParams } from '../params.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { CollectionSlug, DocOf, FindArgs, PaginatedDocs } from '../types.ts'

/** Lists documents: where, sort, pagination; a count query only when a page could be partial. */
export async function find<S extends CollectionSlug>(this: Cms, args: FindArgs<S>): Promise<PaginatedDocs<DocOf<S>>> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  const { limit, page, paginate } = pageParams(this, args)
  const ctx = this.queryContext(req.locale)
  const ex = executorFor(this, req)

  // --- query
  const docs = await selectDocs(ex, ctx, collection, {
    where: args.where,
    sort: args.sort,
    limit: limit || undefined,
    offset: paginate ? (page - 1) * limit : 0,
  })
  let totalDocs: number
  if (!paginate) totalDocs = docs.length
  else if (docs.length > 0 && docs.length < limit) totalDocs = (page - 1) * limit + docs.length // last page: no count needed
  else totalDocs = await countDocs(ex, ctx, collection, args.where)

  // --- read
  const out = await afterReadMany(this, collection, docs, req, args)
  return paginated(out as DocOf<S>[], totalDocs, paginate ? limit : args.limit ?? 0, paginate ? page : 1, paginate)
}

export function paginated<T>(docs: T[], totalDocs: number, limit: number, page: number, paginate: boolean): PaginatedDocs<T> {
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
