/**
 * How a related document is named wherever the admin shows one (the relationship and upload fields, their options,
 * the list's columns and filters): its collection's `useAsTitle`, an upload's filename, else a top-level `title`
 * or `name` text field (Payload shows the id there; a name reads better), else an auth collection's email, else
 * the id. Titles are fetched once per document and kept for the page's life.
 */
import { collection } from '../api.ts'
import type { AdminDescription, AdminField } from '../schema.ts'

export type Id = string | number

/** The field that names the documents of a collection, or undefined (they are known by id). */
export function titleFieldOf(description: AdminDescription, slug: string): string | undefined {
  const entity = description.collections.find((c) => c.slug === slug)
  if (!entity) return undefined
  if (entity.useAsTitle && entity.useAsTitle !== 'id') return entity.useAsTitle
  if (entity.upload) return 'filename'
  const texts = (entity.fields as unknown as AdminField[])
    .filter((f) => f.type === 'text')
    .map((f) => f.name)
  const named = texts.find((n) => n === 'title' || n === 'name')
  if (named) return named
  return entity.auth ? 'email' : undefined
}

/** A document's title by its title field: the value, else `<Singular> <id>`. */
export function titleOf(
  description: AdminDescription,
  slug: string,
  doc: Record<string, unknown>,
): string {
  const field = titleFieldOf(description, slug)
  const value = field ? doc[field] : undefined
  if (typeof value === 'string' && value) return value
  if (typeof value === 'number') return String(value)
  const singular = description.collections.find((c) => c.slug === slug)?.labels.singular ?? slug
  return `${singular} ${String(doc.id)}`
}

const cache = new Map<string, Promise<Record<string, unknown> | undefined>>()
const keyOf = (slug: string, id: Id) => `${slug}/${String(id)}`

/** A related document at depth 0, read once per page (undefined where it cannot be read). */
export function relatedDoc(slug: string, id: Id): Promise<Record<string, unknown> | undefined> {
  const key = keyOf(slug, id)
  let found = cache.get(key)
  if (!found) {
    found = (collection(slug).findByID(id, { depth: 0 }) as Promise<Record<string, unknown>>).catch(
      () => undefined,
    )
    cache.set(key, found)
  }
  return found
}

/** Remembers a document just read or created (a drawer's new document shows by name at once). */
export function rememberDoc(slug: string, doc: Record<string, unknown>): void {
  cache.set(keyOf(slug, doc.id as Id), Promise.resolve(doc))
}
type Poly = { relationTo: string; value: Id | { id: Id } }
/** One chosen document as a relationship stores it: an id, `{ relationTo, value }`, or a populated document. */
export type One = Id | Poly | { id: Id }

export const idOfOne = (v: One): Id =>
  typeof v === 'object' ? ('relationTo' in v ? idOfOne(v.value as One) : v.id) : v
export const slugOfOne = (v: One, fallback: string): string =>
  typeof v === 'object' && 'relationTo' in v ? v.relationTo : fallback

/** The field's value as a list of chosen documents (one or none unless hasMany). */
export function chosenOf(value: unknown, hasMany: boolean | undefined): One[] {
  if (hasMany) return Array.isArray(value) ? (value as One[]) : []
  return value != null && !Array.isArray(value) ? [value as One] : []
}
