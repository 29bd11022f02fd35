/** `config.localization`: the locales checked and filled in, or false. */
import { ConfigError } from '../../errors/config-error.ts'
import type { Config, SanitizedConfig } from '../types.ts'

export function sanitizeLocalization(input: Config): SanitizedConfig['localization'] {
  const l = input.localization
  if (!l) return false
  if (!Array.isArray(l.locales) || l.locales.length === 0)
    throw new ConfigError('localization.locales must be a non-empty array.')
  const locales = l.locales.map((x) => (typeof x === 'string' ? { code: x } : x))
  const codes = locales.map((x) => x.code)
  for (const code of codes) {
    if (typeof code !== 'string' || !/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(code)) {
      throw new ConfigError(
        `localization.locales: ${JSON.stringify(code)} is not a locale code such as "en" or "pt-BR".`,
      )
    }
    if (code === 'all')
      throw new ConfigError(
        'localization.locales: "all" is reserved (locale=all returns every locale).',
      )
  }
  if (new Set(codes).size !== codes.length)
    throw new ConfigError('localization.locales: duplicate locale code.')
  if (!codes.includes(l.defaultLocale))
    throw new ConfigError(
      `localization.defaultLocale "${l.defaultLocale}" is not one of the locales (${codes.join(', ')}).`,
    )
  return {
    locales,
    localeCodes: codes,
    defaultLocale: l.defaultLocale,
    fallback: l.fallback ?? true,
  }
}
