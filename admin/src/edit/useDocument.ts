/**
 * Loads what the edit view shows: the entity's description, the document (its draft where drafts are on) or a new
 * one's defaults, and the caller's permissions on it (`docAccess`; on a new document, the session's).
 */
import { useCallback, useEffect, useState } from 'react'
import { collection, global, messageOf } from '../api.ts'
import { useSession } from '../session.tsx'
import type { AdminEntity, AdminField } from '../schema.ts'
import { defaultsOf, type Perm, type Values } from './state.ts'

export interface Target {
  kind: 'collection' | 'global'
  slug: string
  id?: string
}

export interface Loaded {
  entity: AdminEntity
  fields: AdminField[]
  doc: Values
  perm: Perm
  /** Where drafts are on: whether a published version exists (the newest version may be a draft over it). */
  published: boolean
}

/** A route id as the API takes it (numeric ids as numbers). */
export const apiId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id)

export function useDocument(target: Target) {
  const { description, permissions } = useSession()
  const list = target.kind === 'collection' ? description.collections : description.globals
  const entity = list.find((e) => e.slug === target.slug)
  const [loaded, setLoaded] = useState<Loaded>()
  const [error, setError] = useState<string>()

  const load = useCallback(async () => {
    if (!entity) return
    const fields = entity.fields as unknown as AdminField[]
    const draft = entity.drafts || undefined
    try {
      if (target.kind === 'global') {
        const api = global(target.slug)
        const [doc, perm, live] = await Promise.all([
          api.find({ depth: 0, draft }),
          api.docAccess(),
          draft ? api.find({ depth: 0 }) : undefined,
        ])
        const published = (live as Values | undefined)?._status === 'published'
        setLoaded({ entity, fields, doc: doc as Values, perm: perm as Perm, published })
      } else if (target.id) {
        const api = collection(target.slug)
        const id = apiId(target.id)
        const [doc, perm, live] = await Promise.all([
          api.findByID(id, { depth: 0, draft }),
          api.docAccess(id),
          draft
            ? api.count({
                where: { and: [{ id: { equals: id } }, { _status: { equals: 'published' } }] },
              })
            : undefined,
        ])
        const published = ((live as { totalDocs: number } | undefined)?.totalDocs ?? 0) > 0
        setLoaded({ entity, fields, doc: doc as Values, perm: perm as Perm, published })
      } else {
        const perm = (permissions.collections?.[target.slug] ?? {}) as Perm
        const doc = defaultsOf(fields)
        if (entity.drafts) doc._status = 'draft'
        setLoaded({ entity, fields, doc, perm, published: false })
      }
    } catch (e) {
      setError(messageOf(e))
    }
  }, [entity, target.kind, target.slug, target.id, permissions])

  useEffect(() => {
    void load()
  }, [load])

  return { entity, loaded, error, reload: load, setLoaded }
}
