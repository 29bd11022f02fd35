import { walkData } from '../../config/fields.ts'
import type { FlattenedField, ID } from '../../config/types.ts'
import type { Database } from '../../db/database.ts'
import { fetchPage, latestVersionIds, rootIds } from '../../db/payload-source/fetch.ts'
import type { SourceRoot } from '../../db/payload-source/source.ts'
import { flag, instant } from '../../db/payload-source/values.ts'
import { relationOf } from '../../fields/registry.ts'
import { isRecord } from '../../utilities/is-record.ts'

/** Documents read per page: one transaction each when written. */
export const PAGE = 250

/** One document read from Payload's tables, in this server's stored form, with its bookkeeping. */
export interface SourceDoc {
  id: ID
  createdAt?: string
  updatedAt?: string
  data: Record<string, unknown>
}

/**
 * The documents of one root, a page at a time: a collection's (ids and timestamps kept), a versions table's
 * (`latest` worked out where Payload keeps none: a collection without drafts), a global's one row.
 */
export async function* documents(
  source: Database,
  root: SourceRoot,
  catalogue: Map<string, Set<string>>,
): AsyncGenerator<SourceDoc[]> {
  const table = root.tables.root.name
  const ids = await rootIds(source, table)
  const latest =
    (root.kind === 'versions' || root.kind === 'global versions') &&
    !catalogue.get(table)?.has('latest')
      ? await latestVersionIds(source, table, root.kind === 'versions')
      : undefined
  for (let i = 0; i < ids.length; i += PAGE) {
    const { roots, page } = await fetchPage(source, root.tables, ids.slice(i, i + PAGE), catalogue)
    yield roots.map((row) => {
      const data = root.read(page, row)
      if (latest) data.latest = latest.has(String(row.id))
      else if ('latest' in data) data.latest = flag(data.latest)
      return {
        id: row.id as ID,
        createdAt: instant(row.created_at),
        updatedAt: instant(row.updated_at),
        data,
      }
    })
  }
}

/** The documents a stored document points at: `[collection, id]` of every relation value, in every locale. */
export function relationsIn(
  fields: FlattenedField[],
  data: Record<string, unknown>,
): [string, ID][] {
  const out: [string, ID][] = []
  const perLocale = (field: FlattenedField, v: unknown): unknown[] =>
    field.localized && isRecord(v) ? Object.values(v) : [v]
  walkData(fields, data, {
    visit(field, holder) {
      const relation = relationOf(field)
      if (!relation) return
      for (const value of perLocale(field, holder[field.name]))
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item === null || item === undefined) continue
          if (relation.polymorphic) {
            if (isRecord(item) && typeof item.relationTo === 'string')
              out.push([item.relationTo, item.value as ID])
          } else out.push([relation.targets[0], item as ID])
        }
    },
    values: perLocale,
  })
  return out
}
