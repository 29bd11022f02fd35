import type { CmsRequest, DataField, SanitizedCollection } from '../config/types.ts'
import type { Cms } from './cms.ts'
import { hasFieldHooks, runFieldHooks, runHooks } from './hooks.ts'
import { populate } from './populate.ts'
import type { ReadArgs } from './types.ts'

/** Removes hidden fields and fields the caller may not read, recursing into groups. */
export async function stripUnreadable(fields: DataField[], doc: Record<string, unknown>, req: CmsRequest, overrideAccess: boolean, showHidden: boolean): Promise<void> {
  for (const f of fields) {
    if (!(f.name in doc)) continue
    if ((f.hidden && !showHidden) || (!overrideAccess && f.access?.read && !(await f.access.read({ req, doc, siblingData: doc })))) {
      delete doc[f.name]
      continue
    }
    const v = doc[f.name]
    if (f.type === 'group' && v && typeof v === 'object') await stripUnreadable(f.fields as DataField[], v as Record<string, unknown>, req, overrideAccess, showHidden)
  }
}

/** The output phase of one collection's documents: secrets and unreadable fields removed, afterRead hooks run. */
async function prepareForOutput(collection: SanitizedCollection, docs: Record<string, unknown>[], req: CmsRequest, overrideAccess: boolean, showHidden: boolean, findMany: boolean): Promise<void> {
  const fieldHooks = hasFieldHooks(collection.flatFields, 'afterRead')
  for (const [i, doc] of docs.entries()) {
    await stripUnreadable(collection.flatFields, doc, req, overrideAccess, showHidden)
    if (collection.auth) doc.collection = collection.slug
    if (fieldHooks) await runFieldHooks('afterRead', collection.flatFields, doc, { req, data: doc, operation: 'read', collection })
    const out = await runHooks<Record<string, unknown>>(collection.hooks.afterRead, 'doc', { doc, req, findMany, overrideAccess }, { collection })
    if (out !== doc) docs[i] = out
  }
}

/**
 * The read phase every operation returning documents goes through: beforeRead hooks, relation population
 * to `depth` (batched per level), then hidden/unreadable fields removed and afterRead hooks, for the
 * documents and every populated one.
 */
export async function readDocs(cms: Cms, collection: SanitizedCollection, docs: Record<string, unknown>[], req: CmsRequest, args: ReadArgs & { depth: number; findMany?: boolean }): Promise<Record<string, unknown>[]> {
  const overrideAccess = args.overrideAccess ?? true
  const showHidden = Boolean(args.showHiddenFields)
  for (const [i, doc] of docs.entries()) {
    docs[i] = await runHooks(collection.hooks.beforeRead, 'doc', { doc, req, overrideAccess }, { collection })
  }
  if (args.depth > 0) {
    await populate(cms, collection, docs, req, {
      depth: args.depth,
      overrideAccess,
      prepare: async (related, found) => {
        for (const [i, d] of found.entries()) found[i] = await runHooks(related.hooks.beforeRead, 'doc', { doc: d, req, overrideAccess }, { collection: related })
        await prepareForOutput(related, found, req, overrideAccess, false, true)
      },
    })
  }
  await prepareForOutput(collection, docs, req, overrideAccess, showHidden, Boolean(args.findMany))
  return docs
}
