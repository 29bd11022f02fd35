import type { ID } from '../../config/types.ts'
import type { SourceRoot } from '../../db/payload-source/source.ts'
import { countDocs } from '../../db/store.ts'
import { readGlobalRow } from '../../db/stores/globals.ts'
import { isRecord } from '../../utilities/is-record.ts'
import type { Cms } from '../cms.ts'
import type { SourceDoc } from './documents.ts'
import { targetOf } from './write.ts'

/**
 * Whether `read` holds every value of `stored`: objects key by key (`read` may hold more: values computed on read,
 * an upload's `url`), lists element by element and of the same length, anything else equal.
 */
export function holds(read: unknown, stored: unknown): boolean {
  if (Array.isArray(stored))
    return (
      Array.isArray(read) &&
      read.length === stored.length &&
      stored.every((v, i) => holds(read[i], v))
    )
  if (isRecord(stored))
    return (
      isRecord(read) &&
      Object.entries(stored).every(([k, v]) => (v === null ? read[k] == null : holds(read[k], v)))
    )
  return read === stored
}

/** The documents of a root in the target (a global: 1 when saved). */
export async function countIn(cms: Cms, root: SourceRoot): Promise<number> {
  const target = targetOf(cms, root)
  if (!target) return (await readGlobalRow(cms.db, cms.db.dialect, root.slug)) ? 1 : 0
  return countDocs(cms.db, cms.queryContext(), target, {})
}

/**
 * Reads sampled documents back through the Local API (every locale, depth 0, the stored document and not its
 * draft) and names each field whose value differs from what Payload stored. Fields the API never shows (hidden
 * ones: the password hash) are left out; they were compared as written.
 */
export async function compareSample(cms: Cms, slug: string, docs: SourceDoc[]): Promise<string[]> {
  const collection = cms.config.collectionsBySlug.get(slug)
  if (!collection) return []
  const shown = new Set(collection.flatFields.filter((f) => !f.hidden).map((f) => f.name))
  const differences: string[] = []
  for (const doc of docs) {
    const read = (await cms.findByID({
      collection: slug as never,
      id: doc.id as ID,
      locale: 'all',
      depth: 0,
      draft: false,
      overrideAccess: true,
      disableErrors: true,
    })) as unknown as Record<string, unknown> | null
    if (!read) {
      differences.push(`${slug} ${String(doc.id)}: not found after the import`)
      continue
    }
    for (const [key, value] of Object.entries(doc.data))
      if (shown.has(key) && !(value === null ? read[key] == null : holds(read[key], value)))
        differences.push(
          `${slug} ${String(doc.id)}.${key}: Payload stored ${JSON.stringify(value)}, read back ${JSON.stringify(read[key])}`,
        )
  }
  return differences
}
