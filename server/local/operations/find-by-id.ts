import { selectById } from '../../db/store.ts'
import { NotFound } from '../../errors/not-found.ts'
import type { Cms } from '../cms.ts'
import { idParam } from '../params.ts'
import { afterReadMany } from '../read.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type { CollectionSlug, DocOf, FindByIDArgs } from '../types.ts'

/** One document by id; 404 when it does not exist (or `null` with `disableErrors`). */
export async function findByID<S extends CollectionSlug>(this: Cms, args: FindByIDArgs<S>): Promise<DocOf<S>> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  const id = idParam(args.id)
  const doc = await selectById(executorFor(this, req), this.queryContext(req.locale), collection, id)
  if (!doc) {
    if (args.disableErrors) return null as unknown as DocOf<S>
    throw new NotFound()
  }
  const [out] = await afterReadMany(this, collection, [doc], req, args)
  return out as DocOf<S>
}
