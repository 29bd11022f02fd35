/**
 * The list view's state, kept in the URL query (`?page=2&limit=25&sort=-title&search=foo&where=<json>&columns=a,b`)
 * so a reload or the back button keeps it, and the `where` the server is asked with.
 */
import { navigate } from '../router.tsx'
import { typeWhere } from '../upload/mime.ts'

/** One filter condition: a field, an operator and its (typed) value. */
export interface Condition {
  field: string
  operator: string
  value: unknown
}

export interface ListState {
  page: number
  limit: number
  sort?: string
  search: string
  /** The filter builder's conditions: groups ORed, the conditions of a group ANDed. */
  conditions: Condition[][]
  columns?: string[]
  locale?: string
  /** An upload collection's list as a grid of its files (`?view=grid`; upload/MediaGrid.tsx). */
  view?: 'grid'
  /** An upload collection's type filter (`?type=image/*`; upload/mime.ts). */
  type?: string
}

type Where = Record<string, unknown>

/** One AND group of a `where` (`{ and: [{ field: { op: value } }] }`, or a single condition object). */
function groupOf(where: Where): Condition[] {
  const list = (Array.isArray(where.and) ? where.and : [where]) as Where[]
  return list.flatMap((w) =>
    Object.entries(w).flatMap(([field, ops]) =>
      Object.entries(ops as Where).map(([operator, value]) => ({ field, operator, value })),
    ),
  )
}

/**
 * The condition groups of a `where` the builder wrote: `{ and: [...] }` is one group, `{ or: [{ and: [...] },
 * ...] }` several, ORed.
 */
export function conditionsOf(text: string | null): Condition[][] {
  if (!text) return []
  try {
    const where = JSON.parse(text) as Where
    const groups = Array.isArray(where.or) ? (where.or as Where[]) : [where]
    return groups.map(groupOf).filter((g) => g.length > 0)
  } catch {
    return []
  }
}

export function whereOf(groups: Condition[][]): Where | undefined {
  const and = (g: Condition[]) => ({
    and: g.map((c) => ({ [c.field]: { [c.operator]: c.value } })),
  })
  const nonEmpty = groups.filter((g) => g.length > 0)
  if (!nonEmpty.length) return undefined
  return nonEmpty.length === 1 ? and(nonEmpty[0]) : { or: nonEmpty.map(and) }
}

export function readState(query: URLSearchParams, defaultLimit: number): ListState {
  const int = (name: string, fallback: number) => {
    const n = Number(query.get(name))
    return Number.isInteger(n) && n > 0 ? n : fallback
  }
  return {
    page: int('page', 1),
    limit: int('limit', defaultLimit),
    sort: query.get('sort') ?? undefined,
    search: query.get('search') ?? '',
    conditions: conditionsOf(query.get('where')),
    columns: query.get('columns')?.split(',').filter(Boolean),
    locale: query.get('locale') ?? undefined,
    view: query.get('view') === 'grid' ? 'grid' : undefined,
    type: query.get('type') || undefined,
  }
}

/** Writes the state to the URL (replacing the entry), leaving out what is default. */
export function writeState(path: string, state: ListState, defaultLimit: number): void {
  const q = new URLSearchParams()
  if (state.page > 1) q.set('page', String(state.page))
  if (state.limit !== defaultLimit) q.set('limit', String(state.limit))
  if (state.sort) q.set('sort', state.sort)
  if (state.search) q.set('search', state.search)
  const where = whereOf(state.conditions)
  if (where) q.set('where', JSON.stringify(where))
  if (state.columns) q.set('columns', state.columns.join(','))
  if (state.locale) q.set('locale', state.locale)
  if (state.view) q.set('view', state.view)
  if (state.type) q.set('type', state.type)
  const qs = q.toString()
  navigate(qs ? `${path}?${qs}` : path, { replace: true })
}

/** The `where` of a request: the search (an OR over the searchable fields), the filters and the trash. */
export function requestWhere(
  state: ListState,
  searchFields: string[],
  trash: boolean,
): Where | undefined {
  const parts: Where[] = []
  const text = state.search.trim()
  if (text && searchFields.length)
    parts.push({ or: searchFields.map((f) => ({ [f]: { like: text } })) })
  const filters = whereOf(state.conditions)
  if (filters) parts.push(filters)
  if (state.type) parts.push(typeWhere(state.type))
  if (trash) parts.push({ deletedAt: { exists: true } })
  if (!parts.length) return undefined
  return parts.length === 1 ? parts[0] : { and: parts }
}
