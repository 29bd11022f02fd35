/**
 * Titles of related documents for the shown relationship columns, without depth: one `id in` query per related
 * collection that has a title field (`useAsTitle`, or an upload's filename); elsewhere the id is the title, as
 * in Payload. A collection the user cannot read keeps showing ids.
 */
import { useEffect, useState } from 'react'
import { collection, type Doc } from '../api.ts'
import type { AdminDescription } from '../schema.ts'
import type { Column } from './fields.ts'

type Titles = Record<string, Record<string, string>>

const titleField = (description: AdminDescription, slug: string): string | undefined => {
  const e = description.collections.find((c) => c.slug === slug)
  return e?.useAsTitle && e.useAsTitle !== 'id' ? e.useAsTitle : e?.upload ? 'filename' : undefined
}

const idsIn = (value: unknown): (string | number)[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  )

async function load(
  description: AdminDescription,
  columns: Column[],
  docs: Doc[],
): Promise<Titles> {
  const wanted = new Map<string, Set<string | number>>()
  for (const c of columns) {
    const to = c.field.relationTo
    if (!['relationship', 'upload'].includes(c.field.type) || typeof to !== 'string') continue
    if (!titleField(description, to)) continue
    const set = wanted.get(to) ?? new Set()
    for (const d of docs) idsIn(d[c.name]).forEach((id) => set.add(id))
    if (set.size) wanted.set(to, set)
  }
  const out: Titles = {}
  await Promise.all(
    [...wanted].map(async ([slug, ids]) => {
      const field = titleField(description, slug)!
      const r = (await collection(slug)
        .find({ where: { id: { in: [...ids] } }, limit: ids.size, depth: 0 })
        .catch(() => undefined)) as { docs: Doc[] } | undefined
      out[slug] = Object.fromEntries(
        (r?.docs ?? []).map((d) => [String(d.id), String(d[field] ?? d.id)]),
      )
    }),
  )
  return out
}

/** The docs with related ids of the shown columns replaced by `{ id, title }` where a title is known. */
export function useRelatedTitles(
  description: AdminDescription,
  columns: Column[],
  docs: Doc[] | undefined,
): Doc[] | undefined {
  const [titles, setTitles] = useState<Titles>({})
  const key = columns.map((c) => c.name).join(',')
  useEffect(() => {
    let live = true
    if (docs?.length) void load(description, columns, docs).then((t) => live && setTitles(t))
    return () => {
      live = false
    }
  }, [docs, key])
  if (!docs) return docs
  return docs.map((d) => {
    const copy: Doc = { ...d }
    for (const c of columns) {
      const map = typeof c.field.relationTo === 'string' ? titles[c.field.relationTo] : undefined
      if (!map || !['relationship', 'upload'].includes(c.field.type)) continue
      const named = (v: unknown) =>
        (typeof v === 'string' || typeof v === 'number') && map[String(v)] !== undefined
          ? { id: v, title: map[String(v)] }
          : v
      const v = d[c.name]
      copy[c.name] = Array.isArray(v) ? v.map(named) : named(v)
    }
    return copy
  })
}
