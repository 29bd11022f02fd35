import type { FlattenedField, SanitizedConfig } from '../config/types.ts'
import { fieldType } from '../fields/registry.ts'
import { someField, rowFields } from '../config/fields.ts'
import { BadRequest } from '../errors/bad-request.ts'

/**
 * Localization. A localized field is stored as one object keyed by locale code (`{ en: 'Hello', de: 'Hallo' }`);
 * the API sees the value of the request's locale (falling back along the fallback chain), or the whole object
 * with `locale: 'all'`. Writes in one locale change only that locale's value.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const NO_FALLBACK = new Set(['none', 'null', 'false', ''])

export interface LocaleSelection {
  /** A locale code, or `'all'`. */
  locale: string
  /** Locales tried, in order, when the value of `locale` is missing. */
  fallbacks: string[]
}

/**
 * The locale and fallback locale of a request, checked: an unknown code is a 400 naming the known ones.
 * Absent locale = the default locale; absent fallback = (with `localization.fallback`) the locale's own
 * `fallbackLocale`, else the default locale. `'*'` means `'all'`; `false`/`'none'`/`'null'`/`'false'` no fallback.
 * A list (an array, or codes joined by commas as REST sends it) is tried in order, with nothing after it (Payload).
 */
export function resolveLocale(
  config: SanitizedConfig,
  locale: unknown,
  fallbackLocale: unknown,
): { locale?: string; fallbackLocale?: string | string[] | false } {
  const l = config.localization
  if (!l) return {}
  const known = l.localeCodes
  let code = locale === undefined || locale === null || locale === '' ? l.defaultLocale : locale
  if (code === '*') code = 'all'
  if (typeof code !== 'string' || (code !== 'all' && !known.includes(code))) {
    throw new BadRequest(
      `locale must be one of ${[...known, 'all'].join(', ')}; got ${JSON.stringify(locale)}.`,
      [{ path: 'locale' }],
    )
  }
  let fallback: string | string[] | false
  const list = fallbackList(fallbackLocale)
  if (list) {
    const unknown = list.find((c) => !known.includes(c))
    if (unknown !== undefined)
      throw new BadRequest(
        `fallbackLocale lists locales of ${known.join(', ')}; got ${JSON.stringify(unknown)}.`,
        [{ path: 'fallbackLocale' }],
      )
    fallback = list
  } else if (fallbackLocale === undefined || fallbackLocale === null) {
    fallback = l.fallback
      ? (l.locales.find((x) => x.code === code)?.fallbackLocale ?? l.defaultLocale)
      : false
  } else if (
    fallbackLocale === false ||
    (typeof fallbackLocale === 'string' && NO_FALLBACK.has(fallbackLocale))
  ) {
    fallback = false
  } else if (typeof fallbackLocale === 'string' && known.includes(fallbackLocale)) {
    fallback = fallbackLocale
  } else {
    throw new BadRequest(
      `fallbackLocale must be one of ${known.join(', ')} or "none"; got ${JSON.stringify(fallbackLocale)}.`,
      [{ path: 'fallbackLocale' }],
    )
  }
  return { locale: code, fallbackLocale: fallback }
}

/** Several fallback locales: an array, or a string of codes joined by commas; otherwise undefined. */
function fallbackList(value: unknown): string[] | undefined {
  if (typeof value === 'string' && value.includes(',')) return value.split(',')
  if (Array.isArray(value) && value.every((c) => typeof c === 'string')) return value
  return undefined
}

/** The selection `localizeDoc` works with, from a request's resolved locale. */
export function selectionOf(
  config: SanitizedConfig,
  req: { locale?: string; fallbackLocale?: string | string[] | false },
): LocaleSelection | undefined {
  if (!config.localization || !req.locale) return undefined
  const chain = Array.isArray(req.fallbackLocale)
    ? req.fallbackLocale
    : req.fallbackLocale
      ? [req.fallbackLocale]
      : []
  const fallbacks = chain.filter((c) => c !== req.locale)
  return { locale: req.locale, fallbacks }
}

/** Whether any field in `fields` (at any depth) is localized. */
export function hasLocalized(fields: FlattenedField[]): boolean {
  return someField(fields, (f) => Boolean(f.localized))
}

/**
 * Stored form → API form, in place: each localized value becomes the value of `sel.locale` (or of the first
 * fallback locale that has one); with `'all'` the locale maps stay. A localized value missing in every locale
 * is `null`, or absent when `dropMissing` (the base a write in that locale merges over).
 */
export function localizeDoc(
  fields: FlattenedField[],
  doc: Record<string, unknown>,
  sel: LocaleSelection,
  dropMissing = false,
): void {
  for (const field of fields) {
    if (!(field.name in doc)) continue
    const value = doc[field.name]
    if (field.localized) {
      if (sel.locale === 'all') continue
      const map = isObject(value) ? value : {}
      let picked = map[sel.locale]
      for (const fb of sel.fallbacks) {
        if (!missing(field, picked)) break
        // Payload's rule: an empty text stays empty when no fallback locale has a text either.
        if (picked === '' && missing(field, map[fb])) continue
        picked = map[fb]
      }
      if (picked === undefined || picked === null) {
        if (dropMissing) delete doc[field.name]
        else doc[field.name] = null
      } else {
        doc[field.name] = picked
      }
      continue
    }
    if (field.type === 'group' && isObject(value))
      localizeDoc(field.fields, value, sel, dropMissing)
    else if ((field.type === 'array' || field.type === 'blocks') && Array.isArray(value)) {
      for (const row of value) {
        if (!isObject(row)) continue
        const inner = rowFields(field, row)
        if (inner) localizeDoc(inner, row, sel, dropMissing)
      }
    }
  }
}

/** Whether a localized value is missing, so a fallback locale's is read: null, or an empty text (as Payload). */
const missing = (field: FlattenedField, value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (value === '' && (field.type === 'text' || field.type === 'textarea'))

/**
 * Whether a write in one locale gives a localized field a locale map (`{ en: "…", fr: "…" }`, the locales it
 * names written at once): an object where the field's own value never is one (text, numbers, dates, single
 * relationships…). Groups, json, rich text and polymorphic relationships hold objects: a map there needs
 * `locale: 'all'`.
 */
export function takesLocaleMap(field: FlattenedField, value: unknown): boolean {
  return isObject(value) && !holdsObject(field)
}

/** Whether a field's own value is an object (a group, json, rich text, a polymorphic relationship). */
export function holdsObject(field: FlattenedField): boolean {
  return Boolean(fieldType(field).holdsObject?.(field))
}

/**
 * API form → stored form for a write in `locale`, in place: each localized value is put under `locale` in the
 * stored locale map of `stored` (the other locales kept). Array and block rows are matched to stored rows by id
 * (a block row by its type too). A localized field the data leaves out keeps its stored map whole, every locale
 * (this one too): the data is the update merged over the stored document read in `locale` (`toEditable`), which
 * drops the values missing in that locale, and an update merging over a version writes every column
 * (operations/update.ts, update-global.ts), so the other locales of those fields were lost.
 */
export function delocalize(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
  locale: string,
): void {
  for (const field of fields) {
    const before = stored?.[field.name]
    if (!(field.name in data)) {
      if (field.localized && before !== undefined) data[field.name] = structuredClone(before)
      continue
    }
    const value = data[field.name]
    if (field.localized) {
      // A locale map (validate.ts takesLocaleMap) writes the locales it names; a value, the request's locale.
      data[field.name] =
        isObject(value) && takesLocaleMap(field, value)
          ? { ...(isObject(before) ? before : {}), ...value }
          : { ...(isObject(before) ? before : {}), [locale]: value ?? null }
      continue
    }
    if (field.type === 'group' && isObject(value)) {
      delocalize(field.fields, value, isObject(before) ? before : undefined, locale)
    } else if ((field.type === 'array' || field.type === 'blocks') && Array.isArray(value)) {
      const byId = new Map(
        (Array.isArray(before) ? before : []).filter(isObject).map((r) => [r.id, r]),
      )
      for (const row of value) {
        if (!isObject(row)) continue
        const inner = rowFields(field, row)
        // A block row of another type than the stored one with its id is a new row (no values to keep).
        const was = byId.get(row.id)
        const same = !was || field.type !== 'blocks' || was.blockType === row.blockType
        if (inner) delocalize(inner, row, same ? was : undefined, locale)
      }
    }
  }
}
