/**
 * The admin's words in its user's language (Payload's `i18n`): the server answers `<admin>/config.json` in one of
 * the config's supported languages, with Payload's translations of that language (`@payloadcms/translations`,
 * the config's `i18n.translations` merged over them; server/http/admin-i18n.ts). `t('general:save')` reads them
 * as Payload's `t` does. The admin's few words Payload has no key for are in the `cms` namespace, English here;
 * a config translates them as it does a plugin's (`i18n.translations.de.cms.takeBack`).
 *
 * The language is the one chosen on the account page (kept in this browser), else the browser's; a switch loads
 * the admin again in the new language.
 */
import { translator } from '../../server/config/translate.ts'
import { WORDS as VIEWS } from './words/views.ts'
import { WORDS as EDIT } from './words/edit.ts'
import { WORDS as LISTS } from './words/lists.ts'
import { WORDS as RICHTEXT } from './words/richtext.ts'
import type { AdminDescription, AdminLanguages } from '../../server/contracts/admin-description.ts'

/** The admin's own words, where Payload's translations have no key for them (words/, one file per area). */
const OWN: Record<string, string> = { ...VIEWS, ...EDIT, ...LISTS, ...RICHTEXT }

const STORE = 'cms-language'

let translate = translator({ cms: OWN })
let current: AdminLanguages = {
  language: 'en',
  fallbackLanguage: 'en',
  rtl: false,
  languages: [{ code: 'en', label: 'English' }],
}

/** Payload's `t(key, vars)` in the admin's language; a key without a translation reads as itself. */
export function t(key: string, vars?: Record<string, unknown>): string {
  return translate(key, vars)
}

/** The language the admin shows and those it may switch to. */
export function languages(): AdminLanguages {
  return current
}

/** The language chosen on the account page, asked of the server (which falls back on the browser's). */
export function chosenLanguage(): string | undefined {
  try {
    return localStorage.getItem(STORE) ?? undefined
  } catch {
    return undefined
  }
}

/** Keeps a chosen language and loads the admin again in it. */
export function chooseLanguage(code: string): void {
  try {
    localStorage.setItem(STORE, code)
  } catch {
    // Storage refused (a private window): the language lasts this load only.
  }
  window.location.reload()
}

/** Takes the language and translations the server answered with (api.ts `loadDescription`). */
export function takeLanguage(answer: AdminDescription): void {
  if (answer.i18n) current = answer.i18n
  const translations = answer.translations ?? {}
  const cms = translations.cms && typeof translations.cms === 'object' ? translations.cms : {}
  translate = translator({ ...translations, cms: { ...OWN, ...cms } })
  document.documentElement.lang = current.language
  document.documentElement.dir = current.rtl ? 'rtl' : 'ltr'
}

/** Dates and numbers in the admin's language. */
export function formatDate(value: string | number | Date, options?: Intl.DateTimeFormatOptions) {
  return new Date(value).toLocaleString(current.language, options)
}
