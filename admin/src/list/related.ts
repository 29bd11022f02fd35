/**
 * The related documents of the shown relationship and upload columns, by name instead of id: one `id in` query
 * per related collection (polymorphic values grouped by their `relationTo`), without depth, for the collections
 * whose documents have a name (fields/titles.ts: `useAsTitle`, an upload's filename, a `title` or `name` field);
 * an upload's thumbnail comes along for its cell. A collection the user cannot read keeps showing ids.
 */
import { useEffect, useState } from 'react'
import { collection, type Doc } from '../api.ts'
import { titleFieldOf, titleOf } from '../fields/titles.ts'
import type { AdminDescription } from '../schema.ts'
import { storedUpload } from '../upload/files.ts'
import type { Column } from './fields.ts'

type Id = string | number
/** What a cell shows of a related document. */
export interface Named {
  id: Id
  title: string
  thumbnail?: string
}
type Names = Record<string, Record<string, Named>>

const isId = (v: unknown): v is Id => typeof v === 'string' || typeof v === 'number'
const related = (c: Column) => ['relationship', 'upload'].includes(c.field.type)

/** The `[collection, id]` pairs a value holds (ids, `{ relationTo, value }`, populated documents). */
function refsIn(value: unknown, relationTo: string | string[] | undefined): [string, Id][] {
  const list = Array.isArray(value) ? value : [value]
  return list.flatMap((v): [string, Id][] => {
    if (isId(v)) return typeof relationTo === 'string' ? [[relationTo, v]] : []
    if (!v || typeof v !== 'object') return []
    const o = v as Record<string, unknown>
    if (typeof o.relationTo === 'string') {
      const inner = o.value
      const id = isId(inner) ? inner : (inner as { id?: unknown } | null)?.id
      return isId(id) ? [[o.relationTo, id]] : []
    }
    return typeof relationTo === 'string' && isId(o.id) ? [[relationTo, o.id]] : []
  })
}

async function load(description: AdminDescription, columns: Column[], docs: Doc[]): Promise<Names> {
  const wanted = new Map<string, Set<Id>>()
  for (const c of columns.filter(related))
    for (const d of docs)
      for (const [slug, id] of refsIn(d[c.name], c.field.relationTo)) {
        if (!titleFieldOf(description, slug)) continue
        const set = wanted.get(slug) ?? new Set()
        wanted.set(slug, set.add(id))
      }
  const out: Names = {}
  await Promise.all(
    [...wanted].map(async ([slug, ids]) => {
      const r = (await collection(slug)
        .find({ where: { id: { in: [...ids] } }, limit: ids.size, depth: 0 })
        .catch(() => undefined)) as { docs: Doc[] } | undefined
      out[slug] = Object.fromEntries(
        (r?.docs ?? []).map((d) => [
          String(d.id),
          { id: d.id, title: titleOf(description, slug, d), thumbnail: storedUpload(d)?.thumbnail },
        ]),
      )
    }),
  )
  return out
}

/** A value with the related documents it names replaced by `{ id, title, thumbnail }` where known. */
function named(value: unknown, relationTo: string | string[] | undefined, names: Names): unknown {
  if (Array.isArray(value)) return value.map((v) => named(v, relationTo, names))
  if (isId(value))
    return typeof relationTo === 'string' ? (names[relationTo]?.[String(value)] ?? value) : value
  if (value && typeof value === 'object' && typeof (value as Doc).relationTo === 'string') {
    const o = value as { relationTo: string; value: unknown }
    return { ...o, value: named(o.value, o.relationTo, names) }
  }
  return value
}

/** The docs with the related ids of the shown columns replaced by `{ id, title, thumbnail }` where a name is known. */
export function useRelatedTitles(
  description: AdminDescription,
  columns: Column[],
  docs: Doc[] | undefined,
): Doc[] | undefined {
  const [names, setNames] = useState<Names>({})
  const key = columns.map((c) => c.name).join(',')
  useEffect(() => {
    let live = true
    if (docs?.length) void load(description, columns, docs).then((n) => live && setNames(n))
    return () => {
      live = false
    }
  }, [docs, key])
  if (!docs) return docs
  return docs.map((d) => {
    const copy: Doc = { ...d }
    for (const c of columns.filter(related))
      copy[c.name] = named(d[c.name], c.field.relationTo, names)
    return copy
  })
}
