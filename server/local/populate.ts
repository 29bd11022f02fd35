import type { CmsRequest, DataField, SanitizedCollection } from '../config/types.ts'
import { selectDocs } from '../db/store.ts'
import type { Cms } from './cms.ts'
import { accessResult, combineWhere } from './access.ts'
import { applySelect } from './select.ts'

/** A place in a document that holds a relation: `holder[key]` is an id (or `{ relationTo, value }`). */
interface Slot { holder: Record<string, unknown> | unknown[]; key: string | number; collection: string; id: number; polymorphic: boolean; maxDepth?: number }

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** Finds every relation slot in `doc`, through groups, arrays and blocks. */
function collectSlots(fields: DataField[], doc: Record<string, unknown>, out: Slot[], locale: string | undefined): void {
  for (const field of fields) {
    const value = doc[field.name]
    if (value === null || value === undefined || (field.localized && locale === 'all')) continue
    if (field.type === 'relationship') {
      const poly = Array.isArray(field.relationTo)
      const add = (holder: Record<string, unknown> | unknown[], key: string | number, v: unknown) => {
        if (poly && isObject(v) && typeof v.value === 'number') out.push({ holder: v, key: 'value', collection: String(v.relationTo), id: v.value, polymorphic: true, maxDepth: field.maxDepth })
        else if (!poly && typeof v === 'number') out.push({ holder, key, collection: field.relationTo as string, id: v, polymorphic: false, maxDepth: field.maxDepth })
      }
      if (field.hasMany && Array.isArray(value)) value.forEach((v, i) => add(value, i, v))
      else add(doc, field.name, value)
    } else if (field.type === 'group' && isObject(value)) {
      collectSlots(field.fields as DataField[], value, out, locale)
    } else if ((field.type === 'array' || field.type === 'blocks') && Array.isArray(value)) {
      for (const row of value) {
        if (!isObject(row)) continue
        const rowFields = field.type === 'array' ? field.fields : field.blocks.find((b) => b.slug === row.blockType)?.fields
        if (rowFields) collectSlots(rowFields as DataField[], row, out, locale)
      }
    }
  }
}

export interface PopulateOptions {
  depth: number
  overrideAccess: boolean
  /** Prepares a fetched related document for output (hidden fields, field access, afterRead hooks). */
  prepare: (collection: SanitizedCollection, docs: Record<string, unknown>[]) => Promise<void>
  /** Fields to return of populated documents, by related collection (`populate` of a read). */
  select?: Map<string, import('./types.ts').Select>
}

/**
 * Replaces relation ids with documents, level by level up to `depth`: one query per related collection per
 * level, whatever the number of documents. A related document the caller may not read, or that no longer
 * exists, stays an id.
 */
export async function populate(cms: Cms, collection: SanitizedCollection, docs: Record<string, unknown>[], req: CmsRequest, opts: PopulateOptions): Promise<void> {
  let level: { collection: SanitizedCollection; doc: Record<string, unknown> }[] = docs.map((doc) => ({ collection, doc }))
  const ctx = cms.queryContext(req.locale)
  for (let depth = 1; depth <= opts.depth && level.length; depth++) {
    const slots: Slot[] = []
    for (const { collection: c, doc } of level) collectSlots(c.flatFields, doc, slots, req.locale)
    const usable = slots.filter((s) => s.maxDepth === undefined || depth <= s.maxDepth)
    const byCollection = new Map<string, Set<number>>()
    for (const s of usable) {
      if (!byCollection.has(s.collection)) byCollection.set(s.collection, new Set())
      byCollection.get(s.collection)!.add(s.id)
    }
    const next: typeof level = []
    const fetched = new Map<string, Map<number, Record<string, unknown>>>()
    for (const [slug, ids] of byCollection) {
      const related = cms.config.collectionsBySlug.get(slug)
      if (!related) continue
      const access = await accessResult(related.access.read, { req }, opts.overrideAccess)
      if (access === false) continue // the caller may not read this collection at all: ids stay ids
      const where = combineWhere({ id: { in: [...ids] } }, access)
      const found = await selectDocs((req.transaction as never) ?? cms.db, ctx, related, { where, limit: 0 })
      await opts.prepare(related, found)
      fetched.set(slug, new Map(found.map((d) => [d.id as number, d])))
    }
    for (const s of usable) {
      const doc = fetched.get(s.collection)?.get(s.id)
      if (!doc) continue
      // Each place gets its own copy, so one document related twice can be populated to different depths.
      const copy = structuredClone(doc)
      const related = cms.config.collectionsBySlug.get(s.collection)!
      const select = opts.select?.get(s.collection)
      if (select) applySelect(related.flatFields, copy, select)
      ;(s.holder as Record<string | number, unknown>)[s.key] = copy
      next.push({ collection: related, doc: copy })
    }
    level = next
  }
}
