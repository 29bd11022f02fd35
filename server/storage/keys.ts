import path from 'node:path'

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f

/**
 * Checks a storage key: relative segments of printable characters, none `.` or `..`, no backslash. Adapters call
 * it before touching anything, so a key built from a client's filename can never leave the adapter's root.
 */
export function checkKey(key: string): string {
  const segments = key.split('/')
  const bad = segments.find(
    (s) => s === '' || s === '.' || s === '..' || s.includes('\\') || [...s].some(isControl),
  )
  if (bad !== undefined || path.isAbsolute(key))
    throw new Error(`Invalid storage key ${JSON.stringify(key)}: relative segments only.`)
  return key
}
