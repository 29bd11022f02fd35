/**
 * The type filter of an upload collection's list and library: the kinds of file the collection accepts (its
 * `mimeTypes`: `image/*` is "Images", `application/pdf` is "PDF"), else the common kinds, and the `where` of one
 * (`image/*`: the MIME type holds `image/`; an exact type: equals).
 */
import { t } from '../i18n.ts'

export interface TypeOption {
  value: string
  label: string
}

/** The kinds named in words (their keys, read in the admin's language), and types named by an acronym. */
const KNOWN: Record<string, string> = {
  'image/*': 'cms:typeImages',
  'video/*': 'cms:typeVideos',
  'audio/*': 'cms:typeAudio',
  'text/*': 'cms:typeText',
}
const ACRONYMS: Record<string, string> = { 'application/pdf': 'PDF', 'image/svg+xml': 'SVG' }

const COMMON = ['image/*', 'video/*', 'audio/*', 'application/pdf']

/** The type filter's options for a collection's accepted types. */
export function typeOptions(mimeTypes: string[] | undefined): TypeOption[] {
  const list =
    mimeTypes?.length && !mimeTypes.some((t) => t === '*' || t === '*/*') ? mimeTypes : COMMON
  return list.map((value) => ({
    value,
    label: KNOWN[value] ? t(KNOWN[value]) : (ACRONYMS[value] ?? value),
  }))
}

/** The `where` of a type filter's value. */
export function typeWhere(type: string): Record<string, unknown> {
  return type.endsWith('/*')
    ? { mimeType: { like: type.slice(0, -1) } }
    : { mimeType: { equals: type } }
}

/** A file's kind in a word (a card without an image shows it): `PDF`, `MP4`, `FILE`. */
export function kindOf(mimeType: string | undefined, filename: string | undefined): string {
  if (mimeType === 'application/pdf') return 'PDF'
  const ext = filename?.match(/\.([A-Za-z0-9]{1,5})$/)?.[1]
  return (ext ?? mimeType?.split('/')[1] ?? 'file').toUpperCase()
}
