/**
 * A value as the text of a table cell (the list view) or of a diff (the versions view), in the admin's language:
 * dates formatted, booleans as Yes/No, select labels, relationships by their title (list/related.ts names them)
 * or id, arrays and blocks as a row count, rich text as plain text; an upload column's thumbnails.
 */
import { convertLexicalToPlaintext } from '../../../sdk/index.ts'
import { formatDate as inLanguage, t } from '../i18n.ts'
import type { AdminField } from '../schema.ts'

/**
 * A date as text in the admin's language (to the minute; to the second with `precise`, where dates close
 * together must differ).
 */
export function formatDate(value: unknown, precise = false): string {
  if (typeof value !== 'string' && typeof value !== 'number') return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime())
    ? String(value)
    : inLanguage(d, { dateStyle: 'medium', timeStyle: precise ? 'medium' : 'short' })
}

const clip = (s: string, max = 80): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

/** A related document (populated or an id; polymorphic `{ relationTo, value }`) by its title or id. */
function related(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'object') return String(value)
  const v = value as Record<string, unknown>
  if ('relationTo' in v && 'value' in v) return `${String(v.relationTo)}: ${related(v.value)}`
  const title = v.title ?? v.name ?? v.email ?? v.filename ?? v.id
  return String(title ?? '')
}

/**
 * The thumbnails of an upload column's value once its related documents are named (list/related.ts gives each
 * `{ id, title, thumbnail }`): shown before the filenames.
 */
export function thumbnailsOf(field: AdminField, value: unknown): string[] {
  if (field.type !== 'upload') return []
  const one = (v: unknown): string | undefined => {
    if (!v || typeof v !== 'object') return undefined
    const o = v as { thumbnail?: unknown; value?: unknown }
    return typeof o.thumbnail === 'string' ? o.thumbnail : one(o.value)
  }
  return (Array.isArray(value) ? value : [value]).map(one).filter((t): t is string => Boolean(t))
}

/** The plain text of a rich-text value (Lexical JSON). */
export function richText(value: unknown): string {
  try {
    return convertLexicalToPlaintext({ data: value })
  } catch {
    return ''
  }
}

export function formatValue(field: AdminField, value: unknown, max = 80): string {
  if (value === null || value === undefined || value === '') return ''
  switch (field.type) {
    case 'date':
      return formatDate(value)
    case 'checkbox':
      return t(value ? 'general:yes' : 'general:no')
    case 'select':
    case 'radio': {
      const label = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? String(v)
      return Array.isArray(value) ? value.map(label).join(', ') : label(value)
    }
    case 'relationship':
    case 'upload':
      return Array.isArray(value) ? value.map(related).join(', ') : related(value)
    case 'array':
    case 'blocks': {
      const n = Array.isArray(value) ? value.length : 0
      return `${n} ${t(n === 1 ? 'general:row' : 'general:rows')}`
    }
    case 'richText':
      return clip(richText(value), max)
    case 'point':
      return Array.isArray(value) ? value.join(', ') : JSON.stringify(value)
    default:
      if (Array.isArray(value) && field.type !== 'json')
        return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
      return clip(typeof value === 'object' ? JSON.stringify(value) : String(value), max)
  }
}
