import type { CmsRequest, ID, SanitizedCollection, Where } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { deleteRow, selectById, selectIds } from '../../db/store.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { runHooks } from '../hooks.ts'
import { collectionOperation } from '../operation.ts'
import { keysOf, removeFiles } from '../upload/store.ts'
import { depthParam, idParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type {
  BulkResult,
  CollectionSlug,
  DeleteArgs,
  DocOf,
  ReadArgs,
} from '../../config/local-api.ts'
import { deleteMany } from './delete-many.ts'
import { deleteVersions } from '../versions.ts'
import { hiddenInTrash } from '../trash.ts'
import { endAllSessions } from '../../db/stores/sessions.ts'
import { emitCollectionEvents } from '../webhooks/emit.ts'
import { deleteScheduledPublishJobs } from '../jobs/unschedule.ts'
import { checkDocumentLock } from '../locks.ts'

/** Deletes one document by id (returns it), or every document matching `where` that the caller may delete. */
export async function deleteOperation<S extends CollectionSlug>(
  this: Cms,
  args: DeleteArgs<S> & { id: number | string },
): Promise<DocOf<S>>
export async function deleteOperation<S extends CollectionSlug>(
  this: Cms,
  args: DeleteArgs<S> & { where: object },
): Promise<BulkResult<DocOf<S>>>
export async function deleteOperation(
  this: Cms,
  incoming: DeleteArgs<CollectionSlug>,
): Promise<Record<string, unknown> | BulkResult<Record<string, unknown>>> {
  const collection = this.collection(incoming.collection)
  // The stored files of the deleted documents of an upload collection: removed once the deletes committed.
  const files: string[] = []
  const result = await collectionOperation(
    this,
    collection,
    ['delete', incoming.id === undefined ? 'delete' : 'deleteByID'],
    incoming,
    async (args, { req, overrideAccess }) => {
      const tx = executorFor(this, req)
      if (args.id !== undefined) {
        const id = idParam(args.id, collection)
        const access = await executeAccess(collection.access.delete, { req, id }, overrideAccess)
        return deleteOne(this, collection, tx, req, id, { ...args, overrideAccess }, access, files)
      }
      return deleteMany(this, collection, { tx, req, overrideAccess }, args, (id) =>
        deleteOne(this, collection, tx, req, id, { ...args, overrideAccess }, true, files),
      )
    },
    {},
  )
  if (collection.upload) await removeFiles(this, collection.upload, files)
  return result
}

export async function deleteOne(
  cms: Cms,
  collection: SanitizedCollection,
  tx: Executor,
  req: CmsRequest,
  id: ID,
  args: ReadArgs & { overrideAccess: boolean; trash?: boolean; overrideLock?: boolean },
  access: true | Where,
  /** Collects the storage keys of the deleted document's files (upload collections). */
  files?: string[],
) {
  const ctx = cms.queryContext(req.locale)
  await runHooks(collection.hooks.beforeDelete, 'id', { id, req }, { collection })
  const doc = await selectById(tx, ctx, collection, id, true)
  if (!doc || hiddenInTrash(collection, doc, args.trash)) throw new NotFound()
  if (
    access !== true &&
    (await selectIds(tx, ctx, collection, combineWhere({ id: { equals: id } }, access))).length ===
      0
  )
    throw new Forbidden()
  await checkDocumentLock(cms, req, { collection, id }, args.overrideLock ?? true, 'deleted')
  // The event first: its filter and its document are the last stored state (rolled back with the delete).
  await emitCollectionEvents(cms, req, collection, ['deleted'], structuredClone(doc))
  await deleteRow(tx, ctx, collection, id)
  await deleteVersions(cms, tx, ctx, collection, id)
  await deleteScheduledPublishJobs(cms, collection, id, req)
  // Auth collections have serial ids.
  if (collection.auth) await endAllSessions(tx, collection.slug, id as number)
  const [out] = await readDocs(cms, collection, [doc], req, {
    ...args,
    depth: depthParam(cms, args.depth),
  })
  await runHooks(collection.hooks.afterDelete, 'doc', { doc: out, id, req }, { collection })
  if (collection.upload) files?.push(...keysOf(doc))
  return out
}
