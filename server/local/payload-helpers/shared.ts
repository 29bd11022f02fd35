/**
 * `payload/shared`: the helpers Payload's official plugins and templates import, with Payload 3's semantics
 * (docs/porting-from-payload.md, "Payload's helpers"). Pure functions of their arguments.
 */
import { APIError } from '../../errors/api-error.ts'
import { formatLabels, toWords } from '../../config/labels.ts'
import type { Where } from '../../config/types.ts'

export { formatLabels, toWords }
/** Payload's own: `payload/shared` re-exports the one of `@payloadcms/translations`. */
export { deepMergeSimple } from '@payloadcms/translations/utilities'

/** Payload's isPlainObject: an object that is not null, a RegExp or a Date (the deepmerge package's mergeable). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof RegExp) &&
    !(value instanceof Date)
  )
}

type ArrayMerge = (target: unknown[], source: unknown[]) => unknown[]

/** A deep copy of plain objects and arrays (other values shared), as the deepmerge package clones. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy)
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
  return value
}

function mergeWith(base: unknown, over: unknown, arrays: ArrayMerge): unknown {
  if (Array.isArray(base) && Array.isArray(over)) return arrays(base, over)
  if (!isPlainObject(base) || !isPlainObject(over)) return copy(over)
  const out: Record<string, unknown> = copy(base) as Record<string, unknown>
  for (const [key, value] of Object.entries(over))
    out[key] = key in base ? mergeWith(base[key], value, arrays) : copy(value)
  return out
}

/** Payload's deepMerge (the deepmerge package): objects merged, arrays concatenated, the inputs untouched. */
export function deepMerge<T = Record<string, unknown>>(base: unknown, over: unknown): T {
  return mergeWith(base, over, (a, b) => [...a, ...b].map(copy)) as T
}

/** Objects merged deeply; an array in `over` replaces the one in `base`. */
export function deepMergeWithSourceArrays<T = Record<string, unknown>>(
  base: unknown,
  over: unknown,
): T {
  return mergeWith(base, over, (_, b) => b) as T
}

/** Objects merged deeply; arrays merged by index, an item `base` lacks appended. */
export function deepMergeWithCombinedArrays<T = Record<string, unknown>>(
  base: unknown,
  over: unknown,
): T {
  return mergeWith(base, over, (target, source) => {
    const out = target.slice()
    source.forEach((item, i) => {
      if (out[i] === undefined) out[i] = copy(item)
      else if (isPlainObject(item) || Array.isArray(item))
        out[i] = deepMergeWithCombinedArrays(target[i], item)
      else if (!target.includes(item)) out.push(item)
    })
    return out
  }) as T
}

/**
 * Joins Wheres under one `and` (or `or`): empty ones are skipped, one already under that key is flattened into
 * it; nothing left is `{}`.
 */
export function combineWhereConstraints(
  constraints: (Where | undefined | null)[],
  as: 'and' | 'or' = 'and',
): Where {
  const joined: Where[] = []
  for (const c of constraints) {
    if (!c || typeof c !== 'object' || Object.keys(c).length === 0) continue
    const inner = (c as Record<string, unknown>)[as]
    if (Array.isArray(inner)) joined.push(...(inner as Where[]))
    else joined.push(c)
  }
  return joined.length ? ({ [as]: joined } as Where) : {}
}

/** Whether `mimeType` is one of `allowed` (`image/*` matches by prefix); an empty list allows every type. */
export function validateMimeType(mimeType: string, allowed: string[]): boolean {
  if (allowed.length === 0) return true
  return allowed.map((m) => m.replace('*', '')).some((prefix) => mimeType.startsWith(prefix))
}

/**
 * A URL safe to link to: http, https, mailto, tel, relative paths and fragments pass (trimmed, control characters
 * removed); any other scheme (`javascript:`, `data:`) becomes `#`; nothing is `''`.
 */
export function sanitizeUrl(url: string | null | undefined): string {
  if (!url) return ''
  // eslint-disable-next-line no-control-regex
  const cleaned = url.trim().replace(/[\x00-\x1f\x7f]/g, '')
  if (/^(#|\/|\.\/|\.\.\/)/.test(cleaned)) return cleaned
  const scheme = /^([a-z][a-z0-9+\-.]*):(?=.)/i.exec(cleaned)?.[1]?.toLowerCase()
  return scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme) ? '#' : cleaned
}

/** Whether `value` reads as a number (`'12'`, `3`); null, undefined and blank strings do not. */
export function isNumber(value: unknown): boolean {
  if (value === null || value === undefined) return false
  if (typeof value === 'string' && value.trim() === '') return false
  return !Number.isNaN(Number(value))
}

/** The base name of `filename` without directories or control characters; a 400 APIError when nothing is left. */
export function sanitizeFilename(filename: string): string {
  const normalized = filename.replace(/\\/g, '/')
  let name = normalized.slice(normalized.lastIndexOf('/') + 1)
  if (name === '.' || name === '..') name = ''
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\x00-\x1f\x80-\x9f]/g, '')
  if (!name) throw new APIError('Invalid filename', 400)
  return name
}

type Versioned = { versions?: unknown } | null | undefined
const drafts = (config: Versioned): Record<string, unknown> | undefined => {
  const versions = config?.versions
  if (!versions || typeof versions !== 'object') return undefined
  const d = (versions as { drafts?: unknown }).drafts
  return d && typeof d === 'object' ? (d as Record<string, unknown>) : undefined
}

export const hasDraftsEnabled = (config: Versioned): boolean =>
  Boolean(
    config?.versions &&
    typeof config.versions === 'object' &&
    (config.versions as { drafts?: unknown }).drafts,
  )
export const hasAutosaveEnabled = (config: Versioned): boolean => Boolean(drafts(config)?.autosave)
export const hasDraftValidationEnabled = (config: Versioned): boolean =>
  Boolean(drafts(config)?.validate)
export const hasLocalizeStatusEnabled = (config: Versioned): boolean =>
  Boolean(drafts(config)?.localizeStatus)
export const hasScheduledPublishEnabled = (config: Versioned): boolean =>
  Boolean(drafts(config)?.schedulePublish)

/** Payload's slugify: trimmed, spaces to dashes, other non-word characters dropped, lower case. */
export function slugify(value: string | undefined | null): string | undefined {
  return value
    ?.trim()
    .replace(/ /g, '-')
    .replace(/[^\w-]+/g, '')
    .toLowerCase()
}

/** `camelCase Words` → `camel-case-words`. */
export function toKebabCase(value: string | undefined): string | undefined {
  return value
    ?.replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/\s+/g, '-')
    .toLowerCase()
}

/** The id of a relationship value: a string or number as it is, else the populated document's `id`. */
export function extractID(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return value
  return (value as { id?: unknown } | null | undefined)?.id
}

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A filename made safe to store (the base name, reserved and control characters removed), its extension kept. */
export function getSanitizedUploadFilename(filename: string, outputExtension?: string): string {
  const base = sanitizeFilename(filename)
  const dot = base.lastIndexOf('.')
  const source = base.includes('.') ? (base.split('.').pop() ?? '').split(/[?#]/, 1)[0] : ''
  // eslint-disable-next-line no-control-regex
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[/\\?<>:*|"\x00-\x1f\x80-\x9f]/g, '')
  const ext = outputExtension ?? source
  return `${stem}${ext ? `.${ext}` : ''}`
}

export const stripTrailingSlash = (path: string): string =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path

/**
 * An admin or API URL: the route and path joined (`/admin` + `/collections/posts`), absolute on `serverURL`'s
 * origin when one is given and `relative` is not set; `NEXT_BASE_PATH` (or `basePath`) prefixes API URLs.
 */
export function formatAdminURL(args: {
  adminRoute?: string
  apiRoute?: string
  basePath?: string
  includeBasePath?: boolean
  path?: string
  relative?: boolean
  serverURL?: string
}): string {
  const basePath = process.env.NEXT_BASE_PATH || args.basePath || ''
  const route = args.adminRoute || args.apiRoute
  const pathname = [route && route !== '/' && route, args.path].filter(Boolean).join('') || '/'
  const withBase = stripTrailingSlash(basePath + pathname) || '/'
  const includeBase = args.includeBasePath ?? !args.adminRoute
  const trailing = (url: string) => {
    if (process.env.NEXT_TRAILING_SLASH !== 'true') return url
    const at = url.search(/[?#]/)
    const [p, q] = at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)]
    return p.endsWith('/') ? url : `${p}/${q}`
  }
  if (args.relative || !args.serverURL)
    return trailing(includeBase && basePath ? withBase : pathname)
  return trailing(new URL(withBase, new URL(args.serverURL).origin).toString())
}
