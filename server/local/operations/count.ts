import { countDocs } from '../../db/store.ts'
import type { Cms } from '../cms.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { CollectionSlug, CountArgs } from '../types.ts'

/** `{ totalDocs }` of the documents matching `where`. */
export async function count<S extends CollectionSlug>(this: Cms, args: CountArgs<S>): Promise<{ totalDocs: number }> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  const totalDocs = await countDocs(executorFor(this, req), this.queryContext(req.locale), collection, args.where)
  return { totalDocs }
}
