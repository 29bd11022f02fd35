/**
 * Payload's `i18n` option (docs/porting-from-payload.md, "i18n and label functions"): the languages an admin may
 * show (`supportedLanguages`, Payload's language objects from `@payloadcms/translations/languages/<code>`), the one
 * to fall back to (`fallbackLanguage`, default `en`), and translations of the config's own (`translations`, per
 * language, merged over the language's own: what every official plugin adds).
 *
 * A label or description given as a function of `{ t, i18n }` (Payload's `label: ({ t }) => t('plugin-seo:…')`)
 * is called once per supported language at start, and becomes the per-language text `{ en: …, de: … }` the rest of
 * the server reads: the contracts take the English one (else the first), the admin the one of its language.
 */
import { en } from '@payloadcms/translations/languages/en'
import { deepMergeSimple } from '@payloadcms/translations/utilities'
import { ConfigError } from '../errors/config-error.ts'
import { isObject } from '../fields/shared.ts'
import { translator } from './translate.ts'

export { translator }

export interface I18nOptions {
  /** The language used when the admin's is not supported (default `en`). */
  fallbackLanguage?: string
  /** Language code → Payload's language object (`{ dateFNSKey, translations }`); default `{ en }`. */
  supportedLanguages?: Record<string, unknown>
  /** Language code → translations, merged over the language's own (`{ en: { 'plugin-seo': { … } } }`). */
  translations?: Record<string, unknown>
}

type Translations = Record<string, unknown>

export interface SanitizedI18n {
  fallbackLanguage: string
  /** The supported language codes, the fallback first. */
  languages: string[]
  /** Per language: its own translations with the config's merged over them. */
  translations: Record<string, Translations>
}

/** `i18n` checked, with each language's translations merged. */
export function sanitizeI18n(input: unknown): SanitizedI18n {
  if (input != null && !isObject(input))
    throw new ConfigError(`i18n must be an object; got ${JSON.stringify(input)}.`)
  const options: I18nOptions = input ?? {}
  const supported = options.supportedLanguages ?? { en }
  if (!isObject(supported) || Object.keys(supported).length === 0)
    throw new ConfigError(
      'i18n.supportedLanguages must be an object of language objects ({ en } from @payloadcms/translations/languages/en).',
    )
  const fallbackLanguage =
    options.fallbackLanguage ?? (supported.en ? 'en' : Object.keys(supported)[0])
  if (typeof fallbackLanguage !== 'string' || !(fallbackLanguage in supported))
    throw new ConfigError(
      `i18n.fallbackLanguage must be one of the supported languages (${Object.keys(supported).join(', ')}); got ${JSON.stringify(options.fallbackLanguage)}.`,
    )
  const extra = options.translations ?? {}
  if (!isObject(extra))
    throw new ConfigError('i18n.translations must be an object of translations per language.')
  const languages = [
    fallbackLanguage,
    ...Object.keys(supported).filter((l) => l !== fallbackLanguage),
  ]
  const translations: Record<string, Translations> = {}
  for (const language of languages) {
    const own = supported[language]
    const base = isObject(own) && isObject(own.translations) ? own.translations : {}
    const more = extra[language]
    if (more !== undefined && !isObject(more))
      throw new ConfigError(`i18n.translations.${language} must be an object.`)
    translations[language] = more ? deepMergeSimple(base, more) : base
  }
  return { fallbackLanguage, languages, translations }
}

/** Resolves a label function into per-language text; other values are returned as they are. */
export function textOf(value: unknown, i18n: SanitizedI18n): unknown {
  if (typeof value !== 'function') return value
  const texts: Record<string, string> = {}
  for (const language of i18n.languages) {
    const t = translator(i18n.translations[language])
    let text: unknown
    try {
      text = (value as (args: unknown) => unknown)({
        t,
        i18n: {
          language,
          fallbackLanguage: i18n.fallbackLanguage,
          t,
          translations: i18n.translations[language],
        },
      })
    } catch {
      // A function that needs more than { t, i18n } (an admin component's props): kept for the admin.
      return value
    }
    if (typeof text !== 'string') return value
    texts[language] = text
  }
  return texts
}
