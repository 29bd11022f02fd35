import { readBack } from '../written.ts'
import type { ID } from '../../config/types.ts'
import { docToRow } from '../../db/rows.ts'
import { selectById, selectDocs, updateRow } from '../../db/store.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { runHooks } from '../hooks.ts'
import { runOperation } from '../operation.ts'
import { depthParam, idParam } from '../params.ts'
import { localizeDocs, readDocs } from '../read.ts'
import { createLocalReq, executorFor, withTransaction } from '../request.ts'
import type { CollectionSlug, DocOf, RestoreVersionArgs } from '../../config/local-api.ts'
import { isDraft, saveVersion, versionData, versioned } from '../versions.ts'
import { hiddenInTrash } from '../trash.ts'
import { updateActions } from '../webhooks/actions.ts'
import { emitCollectionEvents } from '../webhooks/emit.ts'

/**
 * Makes a version the document's content again (`update` access on the document), saving it as a new latest
 * version. With `draft: true` over a published document only the new version is written.
 */
export async function restoreVersion<S extends CollectionSlug>(
  this: Cms,
  incoming: RestoreVersionArgs<S>,
): Promise<DocOf<S>>
export async function restoreVersion(
  this: Cms,
  incoming: RestoreVersionArgs<CollectionSlug>,
): Promise<Record<string, unknown>> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return withTransaction(this, req, () =>
    runOperation(
      collection,
      req,
      ['restoreVersion', 'restoreVersion'],
      incoming,
      overrideAccess,
      async (args) => {
        const tx = executorFor(this, req)
        const ctx = this.queryContext(req.locale)
        const versionId = idParam(args.id)
        const draft = isDraft(collection, args.draft)
        const version = await selectById(tx, ctx, versions, versionId)
        if (!version) throw new NotFound()
        const parent = version.parent as ID
        const access = await executeAccess(
          collection.access.update,
          { req, id: parent },
          overrideAccess,
        )
        const main = await selectById(tx, ctx, collection, parent, true)
        if (!main) throw new NotFound()
        if (hiddenInTrash(collection, main, false))
          throw new Forbidden(
            `Cannot restore a version of a trashed document (ID: ${parent}). Restore the document first.`,
          )
        if (
          access !== true &&
          (
            await selectDocs(tx, ctx, collection, {
              where: combineWhere({ id: { equals: parent } }, access),
              limit: 1,
            })
          ).length === 0
        ) {
          throw new Forbidden()
        }
        const data = versionData(version)
        if (draft) data._status = 'draft'
        const now = new Date().toISOString()
        let stored: Record<string, unknown>
        if (!draft || main._status !== 'published') {
          const row = docToRow(this.schema(collection.slug), data)
          if (collection.timestamps) row.updatedAt = now
          await updateRow(tx, ctx, collection, parent, row)
          stored = await readBack(tx, ctx, collection, parent)
        } else {
          stored = { ...data, id: parent, createdAt: main.createdAt, updatedAt: now }
        }
        await saveVersion(this, tx, ctx, collection, parent, stored)
        const storedForm = structuredClone(stored)
        localizeDocs(this, collection.flatFields, [stored], req)
        stored = await runHooks(
          collection.hooks.afterChange,
          'doc',
          { doc: stored, data, previousDoc: main, operation: 'update', req, overrideAccess },
          { collection },
        )
        const wroteMain = !draft || main._status !== 'published'
        const actions = updateActions(collection, main, storedForm, wroteMain)
        await emitCollectionEvents(this, req, collection, actions, storedForm)
        const [out] = await readDocs(this, collection, [stored], req, {
          ...args,
          depth: depthParam(this, args.depth),
          localized: true,
        })
        return out
      },
    ),
  )
}
