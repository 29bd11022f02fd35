import type { CmsRequest, DataField, SanitizedCollection } from '../config/types.ts'
import type { Cms } from './cms.ts'
import type { ReadArgs } from './types.ts'

/** Removes hidden fields (auth secrets) from a document read from the store, recursing into groups. */
function stripHidden(fields: DataField[], doc: Record<string, unknown>): void {
  for (const f of fields) {
    if (f.hidden) delete doc[f.name]
    else if (f.type === 'group' && doc[f.name] && typeof doc[f.name] === 'object') stripHidden(f.fields as DataField[], doc[f.name] as Record<string, unknown>)
  }
}

/** The read phase every operation returning documents goes through. */
export async function afterReadMany(cms: Cms, collection: SanitizedCollection, docs: Record<string, unknown>[], req: CmsRequest, args: ReadArgs): Promise<Record<string, unknown>[]> {
  void cms
  for (const doc of docs) {
    if (!args.showHiddenFields) stripHidden(collection.flatFields, doc)
    if (collection.auth) doc.collection = collection.slug
  }
  return docs
}
