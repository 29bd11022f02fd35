/**
 * The titles of the documents two compared states point at (relationships and uploads, nested ones included):
 * one `id in` query per related collection at depth 0, named as everywhere in the admin (fields/titles.ts). A
 * document that is gone, or that the user may not read, shows as "<Singular> <id>".
 */
import { useEffect, useState } from 'react'
import { collection } from '../api.ts'
import { titleFieldOf, titleOf } from '../fields/titles.ts'
import type { AdminDescription, AdminField } from '../schema.ts'
import { refsIn, type Id, type NameOf } from './diff.ts'

type Titles = Record<string, Record<string, string>>

async function load(description: AdminDescription, refs: [string, Id][]): Promise<Titles> {
  const wanted = new Map<string, Set<Id>>()
  for (const [slug, id] of refs) {
    if (!titleFieldOf(description, slug)) continue
    wanted.set(slug, (wanted.get(slug) ?? new Set()).add(id))
  }
  const out: Titles = {}
  await Promise.all(
    [...wanted].map(async ([slug, ids]) => {
      const r = (await collection(slug)
        .find({ where: { id: { in: [...ids] } }, limit: ids.size, depth: 0 })
        .catch(() => undefined)) as { docs: Record<string, unknown>[] } | undefined
      out[slug] = Object.fromEntries(
        (r?.docs ?? []).map((d) => [String(d.id), titleOf(description, slug, d)]),
      )
    }),
  )
  return out
}

/** A `NameOf` for the documents the given states point at; ids until their titles arrive. */
export function useNames(
  description: AdminDescription,
  fields: AdminField[],
  docs: (Record<string, unknown> | undefined)[],
): NameOf {
  const [titles, setTitles] = useState<Titles>({})
  const refs = docs.flatMap((d) => refsIn(fields, d))
  const key = JSON.stringify(refs)
  useEffect(() => {
    let live = true
    if (refs.length)
      void load(description, refs).then((t) => {
        if (live) setTitles(t)
      })
    return () => {
      live = false
    }
  }, [key])
  return (slug, id) => titles[slug]?.[String(id)] ?? titleOf(description, slug, { id })
}
