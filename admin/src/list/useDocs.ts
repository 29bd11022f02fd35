/** Loads a page of documents through the SDK for the list view's state; `reload` asks again. */
import { useCallback, useEffect, useState } from 'react'
import { collection, messageOf, type Doc } from '../api.ts'
import type { AdminEntity } from '../schema.ts'
import { requestWhere, type ListState } from './query.ts'

export interface Page {
  docs: Doc[]
  totalDocs: number
  totalPages: number
  page: number
}

export function useDocs(
  entity: AdminEntity,
  state: ListState,
  searchFields: string[],
  trash: boolean,
): { data?: Page; error?: string; loading: boolean; reload(): void } {
  const [data, setData] = useState<Page>()
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(true)
  const [tick, setTick] = useState(0)
  const where = requestWhere(state, searchFields, trash)
  const key = JSON.stringify([
    entity.slug,
    state.page,
    state.limit,
    state.sort,
    state.locale,
    where,
  ])
  useEffect(() => {
    let live = true
    setLoading(true)
    const query: Record<string, unknown> = { limit: state.limit, page: state.page, depth: 0 }
    if (state.sort) query.sort = state.sort
    if (where) query.where = where
    if (entity.drafts) query.draft = true
    if (state.locale) query.locale = state.locale
    if (trash) query.trash = true
    collection(entity.slug)
      .find(query)
      .then((r: Page) => {
        if (!live) return
        setData(r)
        setError(undefined)
      })
      .catch((e: unknown) => live && setError(messageOf(e)))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
    // `key` holds every input of the request.
  }, [key, tick])
  const reload = useCallback(() => setTick((n) => n + 1), [])
  return { data, error, loading, reload }
}
