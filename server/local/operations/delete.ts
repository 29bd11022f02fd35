import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { deleteRow, selectById, selectIds } from '../../db/store.ts'
import { APIError } from '../../errors/api-error.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { NotFound } from '../../errors/not-found.ts'
import type { Cms } from '../cms.ts'
import { idParam } from '../params.ts'
import { afterReadMany } from '../read.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { BulkResult, CollectionSlug, DeleteArgs, DocOf, ReadArgs } from '../types.ts'

/** Deletes one document by id (returns it), or every document matching `where` (`{ docs, errors }`). */
export async function deleteOperation<S extends CollectionSlug>(this: Cms, args: DeleteArgs<S> & { id: number | string }): Promise<DocOf<S>>
export async function deleteOperation<S extends CollectionSlug>(this: Cms, args: DeleteArgs<S> & { where: object }): Promise<BulkResult<DocOf<S>>>
export async function deleteOperation<S extends CollectionSlug>(this: Cms, args: DeleteArgs<S>): Promise<DocOf<S> | BulkResult<DocOf<S>>> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  if (args.id !== undefined) {
    const id = idParam(args.id)
    return withTransaction(this, req, async (tx) => (await deleteOne(this, collection, tx, req, id, args)) as DocOf<S>)
  }
  if (!args.where || typeof args.where !== 'object') throw new BadRequest("Missing 'where' query of documents to delete.")
  return withTransaction(this, req, async (tx) => {
    const ids = await selectIds(tx, this.queryContext(req.locale), collection, args.where, undefined, undefined, true)
    const result: BulkResult<DocOf<S>> = { docs: [], errors: [] }
    for (const id of ids) {
      try {
        result.docs.push((await deleteOne(this, collection, tx, req, id, args)) as DocOf<S>)
      } catch (error) {
        if (!(error instanceof APIError) || !error.expose) throw error
        result.errors.push({ id, message: error.message })
      }
    }
    return result
  })
}

export async function deleteOne(cms: Cms, collection: SanitizedCollection, tx: Executor, req: CmsRequest, id: number, args: ReadArgs) {
  const ctx = cms.queryContext(req.locale)
  const doc = await selectById(tx, ctx, collection, id, true)
  if (!doc) throw new NotFound()
  await deleteRow(tx, ctx, collection, id)
  const [out] = await afterReadMany(cms, collection, [doc], req, args)
  return out
}
