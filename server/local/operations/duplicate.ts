import type { Cms } from '../cms.ts'
import type { CollectionSlug, DocOf, DuplicateArgs } from '../../config/local-api.ts'

/**
 * Creates a copy of document `id` (Payload's `duplicate`): `create` with `duplicateFromID`, so create access,
 * the create hooks and validation apply, plus read access on the source. `data` overrides fields of the copy;
 * unique fields follow their `beforeDuplicate` hooks. 400 where the collection has `disableDuplicate`.
 */
export async function duplicate<S extends CollectionSlug>(
  this: Cms,
  args: DuplicateArgs<S>,
): Promise<DocOf<S>> {
  const { id, data, ...rest } = args
  return this.create({ ...rest, data: data ?? {}, duplicateFromID: id })
}
