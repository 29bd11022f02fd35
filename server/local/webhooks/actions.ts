import type { CollectionAction, GlobalAction } from '../../config/events.ts'
import type { SanitizedCollection, SanitizedGlobal } from '../../config/types.ts'

const drafts = (owner: SanitizedCollection | SanitizedGlobal) =>
  Boolean(owner.versions && owner.versions.drafts)
const isSet = (v: unknown) => v !== null && v !== undefined

/** A create: `created`, and `published` when it wrote a published document (drafts on). */
export function createActions(
  collection: SanitizedCollection,
  doc: Record<string, unknown>,
): CollectionAction[] {
  return drafts(collection) && doc._status === 'published' ? ['created', 'published'] : ['created']
}

/**
 * An update (or a version restored) from `before` (the stored row) to `after` (what was written, or the draft saved
 * as a version only when `wroteMain` is false): `trashed` or `restored` when `deletedAt` was set or cleared, else
 * `updated`, with `published` when it left the document published and `unpublished` when published went to draft.
 */
export function updateActions(
  owner: SanitizedCollection | SanitizedGlobal,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  wroteMain: boolean,
): (CollectionAction & GlobalAction)[] | CollectionAction[] {
  if ('trash' in owner && owner.trash && before) {
    if (!isSet(before.deletedAt) && isSet(after.deletedAt)) return ['trashed']
    if (isSet(before.deletedAt) && !isSet(after.deletedAt)) return ['restored']
  }
  if (!drafts(owner)) return ['updated']
  if (wroteMain && after._status === 'published') return ['updated', 'published']
  if (wroteMain && before?._status === 'published' && after._status === 'draft')
    return ['updated', 'unpublished']
  return ['updated']
}
