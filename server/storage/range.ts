import type { ByteRange } from '../config/storage.ts'

/**
 * An HTTP `Range` header against a file of `size` bytes (RFC 9110 §14): `undefined` to serve the whole file (no
 * header, a unit other than bytes, or a syntax this server does not read), `'unsatisfiable'` for a 416, or the
 * inclusive range. Of several ranges only the first is served, as Payload does (no multipart/byteranges).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,.*)?$/.exec(header.trim())
  if (!match) return undefined
  const [, from, to] = match
  if (from === '' && to === '') return undefined
  if (from === '') {
    // A suffix: the last `to` bytes.
    const length = Number(to)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}
