/**
 * The admin in its user's language (Payload's `i18n` option, config/i18n.ts): `<admin>/config.json` is answered in
 * one of the config's `supportedLanguages`, the one `?language=` names, else the best of the browser's
 * `Accept-Language`, else the fallback language. The answer holds the config's labels and descriptions in that
 * language (a per-language label's entry, else the English one) and the language's translations: Payload's own,
 * from `@payloadcms/translations`, with the config's `i18n.translations` merged over them.
 */
import { rtlLanguages } from '@payloadcms/translations'
import type { SanitizedConfig } from '../config/types.ts'
import { inLanguages } from '../config/admin.ts'
import { adminDescription, type AdminLanguages } from '../contracts/admin-description.ts'

/** Payload's right-to-left languages. */
const RTL = new Set<string>(rtlLanguages)

/** The languages `Accept-Language` asks for, best first (`de-CH;q=0.9` counts as `de-ch` and `de`). */
function accepted(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)$/.exec(p)).find(Boolean)
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, i }
    })
    .filter((a) => a.tag && a.tag !== '*' && a.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .flatMap((a) => [a.tag, a.tag.split('-')[0]])
}

/** The language to answer in (see the module comment). */
export function adminLanguage(
  config: SanitizedConfig,
  requested: string | undefined,
  acceptLanguage: string | undefined,
): string {
  const { languages, fallbackLanguage } = config.i18n
  const known = (code: string) => languages.find((l) => l.toLowerCase() === code.toLowerCase())
  const asked = requested ? known(requested) : undefined
  return asked ?? accepted(acceptLanguage).map(known).find(Boolean) ?? fallbackLanguage
}

/** What the admin learns of the languages: the one answered in, the others it may switch to, their own names. */
function languagesOf(config: SanitizedConfig, language: string): AdminLanguages {
  const { languages, fallbackLanguage, translations } = config.i18n
  const own = (code: string) => {
    const general = translations[code]?.general as Record<string, unknown> | undefined
    return typeof general?.thisLanguage === 'string' ? general.thisLanguage : code
  }
  return {
    language,
    fallbackLanguage,
    rtl: RTL.has(language),
    languages: languages.map((code) => ({ code, label: own(code) })),
  }
}

/** `<admin>/config.json` per language, built once each (a bounded set: the config's languages). */
export function describedInLanguages(config: SanitizedConfig): (language: string) => Buffer {
  const built = new Map<string, Buffer>()
  return (language) => {
    let body = built.get(language)
    if (!body) {
      const description = inLanguages([language, config.i18n.fallbackLanguage], () =>
        adminDescription(config),
      )
      body = Buffer.from(
        JSON.stringify({
          ...description,
          i18n: languagesOf(config, language),
          translations: config.i18n.translations[language] ?? {},
        }),
      )
      built.set(language, body)
    }
    return body
  }
}
