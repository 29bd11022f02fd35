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

/**
 * Restores a version as a draft (`draft: true`: a published document stays published, the draft is the version's
 * content), or as the published document: a published version is restored as it is; a draft version is restored as
 * a draft and then published (an update setting `_status`, which publishes the newest draft).
 */
export async function restore(
  t: Target,
  version: VersionDoc,
  as: 'draft' | 'published' | 'as-is',
): Promise<void> {
  const id = idOf(String(version.id))
  if (as === 'as-is' || (as === 'published' && version.version._status === 'published')) {
    await api(t).restoreVersion(id, { depth: 0 })
    return
  }
  await api(t).restoreVersion(id, { draft: true, depth: 0 })
  if (as === 'draft') return
  if (t.kind === 'collection')
    await collection(t.slug).update(idOf(t.id ?? ''), { _status: 'published' }, { depth: 0 })
  else await global(t.slug).update({ _status: 'published' })
}

/** The edit view's path of the document or global. */
export const editPath = (t: Target): string =>
  t.kind === 'collection' ? `/collections/${t.slug}/${t.id}` : `/globals/${t.slug}`
