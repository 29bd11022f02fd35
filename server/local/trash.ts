import type { SanitizedCollection, Where } from '../config/types.ts'
import { combinedWhere } from '../db/where.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { isRecord } from '../utilities/is-record.ts'

/**
 * Trash (soft delete, `trash: true` on a collection), as Payload 3 has it: `deletedAt` set means the document is
 * in the trash. Reads and writes leave trashed documents out unless the caller passes `trash: true` (then they
 * see both; `where: { deletedAt: { exists: true } }` narrows to the trash). An update setting `deletedAt` moves
 * a document to the trash and needs delete access too; an update with `trash: true` setting it to null restores
 * it; delete removes a document for good.
 */

/** `trash` as a caller passed it: true, false or absent (400 otherwise). */
export function trashParam(trash: unknown): boolean {
  if (trash === undefined || trash === null) return false
  if (typeof trash !== 'boolean')
    throw new BadRequest(`trash must be true or false; got ${JSON.stringify(trash)}.`, [
      { path: 'trash' },
    ])
  return trash
}

/**
 * `where` narrowed to documents not in the trash, unless `trash` is true or the collection keeps no trash.
 * `path` is `version.deletedAt` on a collection's versions.
 */
export function withoutTrashed(
  collection: SanitizedCollection,
  where: Where | undefined,
  trash: unknown,
  path = 'deletedAt',
): Where | undefined {
  if (!trashParam(trash) && collection.trash) {
    const notTrashed: Where = { [path]: { exists: false } }
    return where && Object.keys(where).length ? combinedWhere([where, notTrashed]) : notTrashed
  }
  return where
}

/** Whether a stored document is in the trash (and the caller did not ask to see the trash). */
export function hiddenInTrash(
  collection: SanitizedCollection,
  doc: Record<string, unknown>,
  trash: unknown,
): boolean {
  return (
    collection.trash && !trashParam(trash) && doc.deletedAt !== null && doc.deletedAt !== undefined
  )
}

/** Whether write data moves a document to the trash: it sets `deletedAt` to a value. */
export function trashes(collection: SanitizedCollection, data: unknown): boolean {
  return (
    collection.trash && isRecord(data) && data.deletedAt !== undefined && data.deletedAt !== null
  )
}
