/** Escaping and URL checks the converters (and custom converters) use, so no stored value reaches HTML raw. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text or an attribute value as HTML: the five significant characters escaped (safe in quoted attributes too). */
export function escapeHTML(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c])
}

/** The schemes a link may use; a URL without a scheme (relative, `#fragment`, `?query`) is allowed too. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

/**
 * A link URL if it is safe, else `#`. Browsers drop ASCII tabs and newlines anywhere in a URL and controls and
 * spaces around it (so `java\tscript:` is `javascript:`), and compare schemes without case: the check does the
 * same before reading the scheme. An entity (`&#106;avascript:`) or a percent-escape in a scheme is no scheme of
 * the list, so it is refused as well; the caller escapes the result for its attribute.
 */
export function sanitizeUrl(url: unknown): string {
  if (typeof url !== 'string') return '#'
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return '#'
  // The scheme is read once more with character references decoded, for HTML that forgets to escape the result.
  for (const form of [cleaned, decodeReferences(cleaned)]) {
    const scheme = /^([^:/?#]*):/.exec(form)
    if (scheme && !SAFE_SCHEMES.has(scheme[1].toLowerCase())) return '#'
  }
  return cleaned
}

const NAMED: Record<string, string> = { colon: ':', tab: '', newline: '', sol: '/', num: '#' }

/** Numeric and the URL-relevant named character references decoded, tabs and newlines then dropped. */
function decodeReferences(url: string): string {
  return url
    .replace(/&#(x[0-9a-f]+|\d+);?/gi, (_, n: string) => {
      const code = n[0].toLowerCase() === 'x' ? parseInt(n.slice(1), 16) : Number(n)
      return code <= 0x10ffff ? String.fromCodePoint(code) : ''
    })
    .replace(/&(colon|tab|newline|sol|num);/gi, (_, n: string) => NAMED[n.toLowerCase()])
    .replace(/[\t\n\r]/g, '')
}

/** A CSS color a table cell may carry: a hex color or a color name; anything else is dropped. */
export function isSafeCssColor(color: unknown): color is string {
  return typeof color === 'string' && /^(#[0-9a-f]{3,8}|[a-z]{3,30})$/i.test(color)
}

/** A plain object (not null, not a list). */
export function isObjectRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
