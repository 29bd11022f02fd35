/**
 * Loads what the edit view shows: the entity's description, the document (its draft where drafts are on) or a new
 * one's defaults, and the caller's permissions on it (`docAccess`; on a new document, the session's). With
 * localization the document is read in the form's locale without fallback, and in its fallback locale beside.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { collection, global, messageOf } from '../api.ts'
import { useSession } from '../session.tsx'
import { fallbackOf } from '../locale.tsx'
import type { AdminEntity, AdminField } from '../schema.ts'
import { defaultsOf, type Perm, type Values } from './state.ts'

export interface Target {
  kind: 'collection' | 'global'
  slug: string
  id?: string
  /** With localization: the locale the form reads and writes (`?locale=de`). */
  locale?: string
}

/** The values a locale without its own value reads (the placeholders of its empty fields). */
export interface Fallback {
  locale: string
  label: string
  doc: Values
}

export interface Loaded {
  entity: AdminEntity
  fields: AdminField[]
  doc: Values
  perm: Perm
  /** Where drafts are on: whether a published version exists (the newest version may be a draft over it). */
  published: boolean
  /** The locale the document was read in (with localization). */
  locale?: string
  fallback?: Fallback
}

/** A route id as the API takes it (numeric ids as numbers). */
export const apiId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id)

/**
 * The query of a read or write in the form's locale: `fallback-locale=none`, so an empty field reads empty rather
 * than as the fallback locale's value (which a save would then write into this locale).
 */
export const localeQuery = (locale: string | undefined) =>
  locale ? { locale, 'fallback-locale': 'none' } : {}

type Read = (query: Record<string, unknown>) => Promise<Values>

/** The document in the form's locale, and in its fallback locale where there is one. */
async function readBoth(
  read: Read,
  locale: string | undefined,
  fallback: { code: string; label: string } | undefined,
): Promise<{ doc: Values; fallback?: Fallback }> {
  const [doc, other] = await Promise.all([
    read(localeQuery(locale)),
    fallback ? read(localeQuery(fallback.code)) : undefined,
  ])
  return {
    doc,
    ...(fallback && other
      ? { fallback: { locale: fallback.code, label: fallback.label, doc: other } }
      : {}),
  }
}

export function useDocument(target: Target) {
  const { description, permissions } = useSession()
  const list = target.kind === 'collection' ? description.collections : description.globals
  const entity = list.find((e) => e.slug === target.slug)
  const [loaded, setLoadedState] = useState<Loaded>()
  const [error, setError] = useState<string>()
  const { locale } = target
  const fallback = fallbackOf(description.localization, locale)
  // The last load asked for: an earlier one answering later (another locale) is dropped.
  const latest = useRef(0)

  const load = useCallback(async () => {
    if (!entity) return
    const n = ++latest.current
    const setLoaded = (l: Loaded) => {
      if (n === latest.current) setLoadedState(l)
    }
    const fields = entity.fields as unknown as AdminField[]
    const draft = entity.drafts || undefined
    const common = { entity, fields, locale }
    try {
      if (target.kind === 'global') {
        const api = global(target.slug)
        const [read, perm, live] = await Promise.all([
          readBoth((q) => api.find({ depth: 0, draft, ...q }), locale, fallback),
          api.docAccess(),
          draft ? api.find({ depth: 0 }) : undefined,
        ])
        const published = (live as Values | undefined)?._status === 'published'
        setLoaded({ ...common, ...read, perm: perm as Perm, published })
      } else if (target.id) {
        const api = collection(target.slug)
        const id = apiId(target.id)
        const [read, perm, live] = await Promise.all([
          readBoth((q) => api.findByID(id, { depth: 0, draft, ...q }), locale, fallback),
          api.docAccess(id),
          draft
            ? api.count({
                where: { and: [{ id: { equals: id } }, { _status: { equals: 'published' } }] },
              })
            : undefined,
        ])
        const published = ((live as { totalDocs: number } | undefined)?.totalDocs ?? 0) > 0
        setLoaded({ ...common, ...read, perm: perm as Perm, published })
      } else {
        const perm = (permissions.collections?.[target.slug] ?? {}) as Perm
        const doc = defaultsOf(fields)
        if (entity.drafts) doc._status = 'draft'
        setLoaded({ ...common, doc, perm, published: false })
      }
    } catch (e) {
      if (n === latest.current) setError(messageOf(e))
    }
  }, [entity, target.kind, target.slug, target.id, locale, fallback?.code, permissions])

  useEffect(() => {
    void load()
  }, [load])

  return { entity, loaded, error, reload: load, setLoaded: setLoadedState }
}
