/** What create and update do with the document just written: read it back, then the afterChange step. */
import type { CmsRequest, ID, SanitizedCollection } from '../config/types.ts'
import type { Executor } from '../db/database.ts'
import type { QueryContext } from '../db/where.ts'
import { selectById } from '../db/store.ts'
import type { Cms } from './cms.ts'
import { runFieldHooks, runHooks } from './hooks.ts'
import { localizeDocs } from './read.ts'

/**
 * The afterChange step create and update share, on the document just written: its values in the request's locale,
 * the fields' afterChange hooks, then the collection's (each may replace the document); the document they leave.
 */
export async function afterChange<D extends Record<string, unknown>>(
  cms: Cms,
  collection: SanitizedCollection,
  stored: D,
  change: {
    req: CmsRequest
    data: Record<string, unknown>
    operation: 'create' | 'update'
    /** The document before an update. */
    original?: Record<string, unknown>
    overrideAccess: boolean | undefined
  },
): Promise<D> {
  const { req, data, operation, original, overrideAccess } = change
  localizeDocs(cms, collection.flatFields, [stored], req)
  // Payload's previousDoc: the document before an update, `{}` after a create.
  const previousDoc = original ?? {}
  await runFieldHooks('afterChange', collection.flatFields, stored, {
    req,
    data,
    previousDoc,
    operation,
    overrideAccess,
    collection,
  })
  return runHooks<D>(
    collection.hooks.afterChange,
    'doc',
    { doc: stored, data, previousDoc, operation, req, overrideAccess },
    { collection },
  )
}

/** The row a write just stored, read back in its transaction (it exists: the transaction holds it). */
export async function readBack(
  tx: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
): Promise<Record<string, unknown>> {
  const stored = await selectById(tx, ctx, collection, id)
  if (!stored) throw new Error(`${collection.slug} ${id}, just written, cannot be read back.`)
  return stored
}
