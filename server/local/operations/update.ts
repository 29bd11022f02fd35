import type { CmsRequest, SanitizedCollection, Where } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { docToRow } from '../../db/rows.ts'
import { selectById, selectIds, updateRow } from '../../db/store.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { forEachDocument } from '../bulk.ts'
import type { Cms } from '../cms.ts'
import { runFieldHooks, runHooks } from '../hooks.ts'
import { runOperation } from '../operation.ts'
import { depthParam, idParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { BulkResult, CollectionSlug, DocOf, ReadArgs, UpdateArgs } from '../types.ts'
import { prepareData } from '../write.ts'

/** Updates one document by id, or every document matching `where` that the caller may update (`{ docs, errors }`). */
export async function update<S extends CollectionSlug>(this: Cms, args: UpdateArgs<S> & { id: number | string }): Promise<DocOf<S>>
export async function update<S extends CollectionSlug>(this: Cms, args: UpdateArgs<S> & { where: object }): Promise<BulkResult<DocOf<S>>>
export async function update<S extends CollectionSlug>(this: Cms, incoming: UpdateArgs<S>): Promise<DocOf<S> | BulkResult<DocOf<S>>> {
  const collection = this.collection(incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  const byId = incoming.id !== undefined
  return withTransaction(this, req, () => runOperation(collection, req, ['update', byId ? 'updateByID' : 'update'], incoming, overrideAccess, async (args) => {
    const tx = req.transaction as Executor
    if (args.id !== undefined) {
      const id = idParam(args.id)
      const access = await executeAccess(collection.access.update, { req, id, data: args.data }, overrideAccess)
      return (await updateOne(this, collection, tx, req, id, args.data, { ...args, overrideAccess }, access)) as DocOf<S>
    }
    if (!args.where || typeof args.where !== 'object') throw new BadRequest("Missing 'where' query of documents to update.")
    const access = await executeAccess(collection.access.update, { req, data: args.data }, overrideAccess)
    const ids = await selectIds(tx, this.queryContext(req.locale), collection, combineWhere(args.where, access), args.sort, args.limit, true)
    return forEachDocument<DocOf<S>>(ids, (id) => updateOne(this, collection, tx, req, id, args.data, { ...args, overrideAccess }, true))
  }))
}

/**
 * The update of one document inside an open transaction. The row is locked while it is read and written, so
 * concurrent updates apply one after the other. A document hidden by an access Where is 403 (it exists).
 */
export async function updateOne(cms: Cms, collection: SanitizedCollection, tx: Executor, req: CmsRequest, id: number, data: unknown, args: ReadArgs & { overrideAccess: boolean }, access: true | Where) {
  const ctx = cms.queryContext(req.locale)
  const original = await selectById(tx, ctx, collection, id, true)
  if (!original) throw new NotFound()
  if (access !== true && (await selectIds(tx, ctx, collection, combineWhere({ id: { equals: id } }, access))).length === 0) throw new Forbidden()

  // --- validate
  const { doc, touched } = await prepareData({ cms, ex: tx, fields: collection.flatFields, data, req, operation: 'update', original, id, owner: { collection }, overrideAccess: args.overrideAccess })

  // --- write: only the fields the caller (or a hook) changed
  const row = docToRow(cms.schemas.get(collection.slug)!, doc, touched)
  if (collection.timestamps) row.updatedAt = new Date().toISOString()
  await updateRow(tx, ctx, collection, id, row)

  // --- afterChange, then read back
  let stored = (await selectById(tx, ctx, collection, id))!
  await runFieldHooks('afterChange', collection.flatFields, stored, { req, data: doc, originalDoc: original, operation: 'update', collection })
  stored = await runHooks(collection.hooks.afterChange, 'doc', { doc: stored, data: doc, previousDoc: original, operation: 'update', req, overrideAccess: args.overrideAccess }, { collection })
  const [out] = await readDocs(cms, collection, [stored], req, { ...args, depth: depthParam(cms, args.depth) })
  return out
}
