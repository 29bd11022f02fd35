/**
 * Regular-expression pieces the contract's patterns share. JSON Schema patterns are ECMAScript regexes, but tools
 * run them in other dialects (Schemathesis in Python's `re`, where `\s` also matches U+001C–U+001F and U+0085,
 * and does not match U+FEFF), so whitespace is spelled out as the set String#trim and ECMAScript's `\s` use:
 * what the server strips is exactly what every tool reads as whitespace.
 */
export const WHITESPACE =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'

/** Optional whitespace, as trimmed by the server. */
export const SPACES = `[${WHITESPACE}]*`

/** A string with a character that is not whitespace: what the server reads from a name it trims. */
export const NOT_BLANK_PATTERN = `[^${WHITESPACE}]`

/** `s` as a literal inside a regular expression. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
