/**
 * The locale the admin edits and lists in, with `localization`: it lives in the URL (`?locale=de`, as in Payload's
 * admin) and the router carries it from view to view (router.tsx `withLocale`), so the list and the form it opens
 * stay in one locale. Absent or unknown: the default locale.
 */
import { navigate, useRoute } from './router.tsx'
import { useSession } from './session.tsx'
import type { AdminLocalization } from './schema.ts'
import { t } from './i18n.ts'

/** The locale asked for in the URL, when the config knows it; else the default locale (undefined: none). */
export function localeOf(
  localization: AdminLocalization | false,
  query: URLSearchParams,
): string | undefined {
  if (!localization) return undefined
  const asked = query.get('locale')
  return localization.locales.some((l) => l.code === asked) ? asked! : localization.defaultLocale
}

/**
 * The locale whose value the API reads where `locale` has none, as the server's fallback does (the locale's
 * `fallbackLocale`, else the default locale; none when `localization.fallback` is off or it is the locale itself).
 */
export function fallbackOf(
  localization: AdminLocalization | false,
  locale: string | undefined,
): { code: string; label: string } | undefined {
  if (!localization || !localization.fallback || !locale) return undefined
  const own = localization.locales.find((l) => l.code === locale)
  const code = own?.fallbackLocale ?? localization.defaultLocale
  if (code === locale) return undefined
  return localization.locales.find((l) => l.code === code)
}

/** The current locale of the URL and a switch to another one (the unsaved-changes guard may hold it). */
export function useLocale() {
  const { description } = useSession()
  const { path, query } = useRoute()
  const localization = description.localization
  const locale = localeOf(localization, query)
  const setLocale = (code: string) => {
    const q = new URLSearchParams(query)
    q.set('locale', code)
    navigate(`${path}?${q}`, { replace: true })
  }
  return { localization, locale, setLocale }
}

/** The locale select of the list and the edit view: a native select, reached and changed by keyboard. */
export function LocaleSelect(props: {
  locales: { code: string; label: string }[]
  value: string
  onChange(locale: string): void
  id?: string
}) {
  return (
    <label className="locale-select">
      {t('general:locale')}{' '}
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.locales.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  )
}
