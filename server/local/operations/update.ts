import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { docToRow } from '../../db/rows.ts'
import { selectById, selectIds, updateRow } from '../../db/store.ts'
import { APIError } from '../../errors/api-error.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { NotFound } from '../../errors/not-found.ts'
import type { Cms } from '../cms.ts'
import { idParam } from '../params.ts'
import { afterReadMany } from '../read.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { BulkResult, CollectionSlug, DocOf, ReadArgs, UpdateArgs } from '../types.ts'
import { prepareData } from '../write.ts'

/** Updates one document by id, or every document matching `where` (`{ docs, errors }`). */
export async function update<S extends CollectionSlug>(this: Cms, args: UpdateArgs<S> & { id: number | string }): Promise<DocOf<S>>
export async function update<S extends CollectionSlug>(this: Cms, args: UpdateArgs<S> & { where: object }): Promise<BulkResult<DocOf<S>>>
export async function update<S extends CollectionSlug>(this: Cms, args: UpdateArgs<S>): Promise<DocOf<S> | BulkResult<DocOf<S>>> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  if (args.id !== undefined) {
    const id = idParam(args.id)
    return withTransaction(this, req, async (tx) => (await updateOne(this, collection, tx, req, id, args.data, args)) as DocOf<S>)
  }
  if (!args.where || typeof args.where !== 'object') throw new BadRequest("Missing 'where' query of documents to update.")
  return withTransaction(this, req, async (tx) => {
    const ids = await selectIds(tx, this.queryContext(req.locale), collection, args.where, args.sort, args.limit, true)
    const result: BulkResult<DocOf<S>> = { docs: [], errors: [] }
    for (const id of ids) {
      try {
        result.docs.push((await updateOne(this, collection, tx, req, id, args.data, args)) as DocOf<S>)
      } catch (error) {
        if (!(error instanceof APIError) || !error.expose) throw error
        result.errors.push({ id, message: error.message })
      }
    }
    return result
  })
}

/** The update of one document inside an open transaction; the row is locked while it is read and written. */
export async function updateOne(cms: Cms, collection: SanitizedCollection, tx: Executor, req: CmsRequest, id: number, data: unknown, args: ReadArgs) {
  const ctx = cms.queryContext(req.locale)
  const original = await selectById(tx, ctx, collection, id, true)
  if (!original) throw new NotFound()

  // --- validate
  const { doc, touched } = await prepareData({ cms, ex: tx, fields: collection.flatFields, data, req, operation: 'update', original, id, owner: { collection: collection.slug } })

  // --- write: only the fields the caller sent
  const row = docToRow(cms.schemas.get(collection.slug)!, doc, touched)
  if (collection.timestamps) row.updatedAt = new Date().toISOString()
  await updateRow(tx, ctx, collection, id, row)

  // --- read back
  const stored = (await selectById(tx, ctx, collection, id))!
  const [out] = await afterReadMany(cms, collection, [stored], req, args)
  return out
}
