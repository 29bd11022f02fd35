/** The versions view's calls through the SDK, alike for a collection's document and a global. */
import { collection, global } from '../api.ts'

export interface Target {
  kind: 'collection' | 'global'
  slug: string
  id?: string
}

export interface VersionDoc {
  id: number | string
  parent?: unknown
  version: Record<string, unknown>
  createdAt: string
  updatedAt: string
  latest?: boolean | null
  autosave?: boolean
}

export interface VersionPage {
  docs: VersionDoc[]
  totalDocs: number
  totalPages: number
  page: number
}

const api = (t: Target) => (t.kind === 'collection' ? collection(t.slug) : global(t.slug))

const idOf = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id)

export function findVersions(t: Target, page: number, limit: number): Promise<VersionPage> {
  const query: Record<string, unknown> = { sort: '-updatedAt', limit, page }
  if (t.kind === 'collection') query.where = { parent: { equals: idOf(t.id ?? '') } }
  return api(t).findVersions(query)
}

export function findVersion(t: Target, version: string): Promise<VersionDoc> {
  return api(t).findVersionByID(idOf(version), { depth: 0 })
}

/** The current document (its newest draft where drafts are on). */
export function findCurrent(t: Target): Promise<Record<string, unknown>> {
  return t.kind === 'collection'
    ? collection(t.slug).findByID(idOf(t.id ?? ''), { draft: true, depth: 0 })
    : global(t.slug).find({ draft: true, depth: 0 })
}

export function restore(t: Target, version: string): Promise<unknown> {
  return api(t).restoreVersion(idOf(version))
}

/** The edit view's path of the document or global. */
export const editPath = (t: Target): string =>
  t.kind === 'collection' ? `/collections/${t.slug}/${t.id}` : `/globals/${t.slug}`
