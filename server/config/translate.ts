/**
 * Payload's `t(key, vars)` over one language's translations, shared by the server (label functions, config/i18n.ts)
 * and the admin (admin/src/i18n.ts). No imports: the admin's bundle takes it as it is.
 */

type Translations = Record<string, unknown>

/** The plural suffix Payload's translations use for `count` (`_one`, `_other`…), when the entry has it. */
function pluralKey(entry: Translations, key: string, count: unknown): string {
  if (typeof count !== 'number') return key
  const suffixes =
    count === 0
      ? ['_zero', '_other']
      : count === 1
        ? ['_one', '_other']
        : count === 2
          ? ['_two', '_other']
          : count > 5
            ? ['_many', '_other']
            : ['_few', '_other']
  return suffixes.map((s) => key + s).find((k) => k in entry) ?? key
}

/**
 * Payload's `t(key, vars)` over one language's translations: `namespace:key` looked up, the plural form chosen by
 * `vars.count`, `{{name}}` replaced by `vars.name`; a key without a translation is answered as the key itself.
 */
export function translator(translations: Translations) {
  return (key: string, vars?: Record<string, unknown>): string => {
    const parts = key.split(':')
    let node: unknown = translations
    for (const [i, part] of parts.entries()) {
      if (!node || typeof node !== 'object' || Array.isArray(node)) break
      node = (node as Translations)[
        i === parts.length - 1 ? pluralKey(node as Translations, part, vars?.count) : part
      ]
    }
    const text = typeof node === 'string' && node ? node : key
    if (!vars) return text
    return text.replace(/\{\{(.*?)\}\}/g, (whole, name: string) => {
      const value = vars[name.trim()]
      return value === undefined || value === null ? whole : String(value)
    })
  }
}
