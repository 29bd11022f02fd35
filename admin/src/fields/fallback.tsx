/**
 * The fallback locale's value of a field the form's locale leaves empty (with localization): the form reads its
 * locale with `fallback-locale=none`, so an empty field stays empty (and is not saved with another locale's
 * text), and shows what readers of the locale get instead: as the placeholder of a text or number input, as a
 * note under any other field (rich text, selects, dates, relationships).
 */
import { useForm } from '../edit/context.tsx'
import { getIn, idOf, type Path } from '../edit/state.ts'
import { t } from '../i18n.ts'
import type { AdminField } from '../schema.ts'

const blank = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** The types whose input shows the fallback as its placeholder (inputs.tsx); the others get the note. */
const PLACEHOLDER_TYPES = new Set(['text', 'textarea', 'email', 'code', 'number'])
export const placeholderShows = (field: AdminField): boolean =>
  PLACEHOLDER_TYPES.has(field.type) && !field.hasMany

/**
 * The fallback locale's label and value at `path`, when the field is empty in the form's locale and has a value
 * there. A field of a shared (not localized) parent holds the same value in every locale, so one empty as read
 * is empty there too; a localized field shows the fallback whenever it is empty.
 */
export function useFallback(
  field: AdminField,
  path: Path,
): { label: string; value: unknown } | undefined {
  const { values, fallback } = useForm()
  if (!fallback || !blank(getIn(values, path))) return undefined
  if (!field.localized && !blank(getIn(fallback.loaded, path))) return undefined
  const value = getIn(fallback.doc, path)
  return blank(value) ? undefined : { label: fallback.label, value }
}

/** The text of a Lexical state (`{ root }`): its text nodes, blocks separated by a space. */
function lexicalText(node: unknown): string {
  if (!node || typeof node !== 'object') return ''
  const n = node as { text?: unknown; children?: unknown[] }
  if (typeof n.text === 'string') return n.text
  return (n.children ?? [])
    .map(lexicalText)
    .filter(Boolean)
    .join(n.children?.some((c) => (c as { type?: string }).type === 'text') ? '' : ' ')
}

const LONGEST = 200

/** A short text of a value: a text or number as it is, rich text's text, a list of plain values joined. */
export function fallbackText(value: unknown): string | undefined {
  let text: string | undefined
  if (['string', 'number', 'boolean'].includes(typeof value)) text = String(value)
  else if (Array.isArray(value))
    text = value.every((v) => ['string', 'number'].includes(typeof v))
      ? value.join(', ')
      : t('cms:rowCount', { count: value.length })
  else if (value && typeof value === 'object' && 'root' in value)
    text = lexicalText((value as { root: unknown }).root)
  if (!text) return undefined
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text
}

/** The note under a field that shows no placeholder: "English (fallback): …". */
export function FallbackNote(props: { field: AdminField; path: Path }) {
  const fallback = useFallback(props.field, props.path)
  const text = fallback && !placeholderShows(props.field) && fallbackText(fallback.value)
  return text ? (
    <p id={`${idOf(props.path)}-fallback`} className="field-fallback">
      {t('cms:fallbackNote', { locale: fallback.label, text })}
    </p>
  ) : null
}
