/**
 * Why a production signing secret is too guessable, or undefined (issue 30, finding 15). Length alone let
 * `aaaa…a` (32 bytes) through. Cheap shape rules that random output (`openssl rand -base64 32`, 32 hex digits)
 * passes with near certainty (32 hex digits have fewer than 8 distinct characters about once in a million):
 * - fewer than 8 distinct characters;
 * - one character repeated in a run over a quarter of the length;
 * - one shorter sequence repeated (`abcdabcd…`);
 * - a placeholder from docs and examples at its start (`changeme…`, `secret…`, `password…`).
 * The reason never quotes the secret.
 */
const MIN_DISTINCT = 8
const PLACEHOLDERS = [
  'changeme',
  'changethis',
  'replaceme',
  'secret',
  'password',
  'passw0rd',
  'yoursecret',
  'mysecret',
  'supersecret',
  'example',
  'default',
  'qwerty',
  'letmein',
  '123456',
]

export function weakSecretReason(secret: string): string | undefined {
  const chars = [...secret]
  const distinct = new Set(chars).size
  if (distinct < MIN_DISTINCT)
    return `it has ${distinct} distinct character${distinct === 1 ? '' : 's'} (at least ${MIN_DISTINCT} needed)`
  let run = 1
  for (let i = 1; i < chars.length; i++) {
    run = chars[i] === chars[i - 1] ? run + 1 : 1
    if (run * 4 > chars.length) return 'one character repeats in a run over a quarter of it'
  }
  for (let period = 1; period * 2 <= chars.length; period++)
    if (chars.every((c, i) => i < period || c === chars[i - period]))
      return 'it is one shorter sequence repeated'
  // Separators and case do not make a placeholder less guessable: `Change-Me_…` is `changeme…`.
  const plain = secret.toLowerCase().replace(/[^a-z0-9]/g, '')
  const placeholder = PLACEHOLDERS.find((p) => plain.startsWith(p))
  if (placeholder) return `it starts with the placeholder "${placeholder}"`
  return undefined
}
