import { countDocs } from '../../db/store.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { runOperation } from '../operation.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { CollectionSlug, CountArgs } from '../types.ts'

/** `{ totalDocs }` of the documents matching `where` that the caller may read. */
export async function count<S extends CollectionSlug>(this: Cms, incoming: CountArgs<S>): Promise<{ totalDocs: number }> {
  const collection = this.collection(incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return runOperation(collection, req, ['count', 'count'], incoming, overrideAccess, async (args) => {
    const access = await executeAccess(collection.access.read, { req }, overrideAccess)
    const totalDocs = await countDocs(executorFor(this, req), this.queryContext(req.locale), collection, combineWhere(args.where, access))
    return { totalDocs }
  })
}
