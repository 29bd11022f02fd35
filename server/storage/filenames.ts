import { randomBytes } from 'node:crypto'
import { BadRequest } from '../errors/bad-request.ts'

/** Characters no stored filename keeps: path separators, reserved on common filesystems, or control characters. */
const RESERVED = /[/\\?%*:|"<>]/g
const MAX_BYTES = 200

const isControl = (c: string) => {
  const code = c.charCodeAt(0)
  return code < 0x20 || (code >= 0x7f && code <= 0x9f)
}

/**
 * The filename a client sent, made safe to store: only the last path segment (a client may send `C:\x\a.jpg` or
 * `../../etc/passwd`), no control or reserved characters, no leading dots (no hidden files, no `..`), at most
 * 200 bytes of UTF-8 with the extension kept. A name with nothing left is a 400.
 *
 * @example
 * sanitizeFilename('../../etc/passwd') // 'passwd'
 * sanitizeFilename('my photo?.JPG')    // 'my photo.JPG'
 */
export function sanitizeFilename(name: string): string {
  const last = name.replace(/\\/g, '/').split('/').pop() ?? ''
  const cleaned = [...last.normalize('NFC').replace(RESERVED, '')]
    .filter((c) => !isControl(c))
    .join('')
    .trim()
    .replace(/^\.+/, '')
  if (!cleaned || !/[^.\s]/.test(cleaned))
    throw new BadRequest(
      `Invalid filename ${JSON.stringify(name)}: nothing is left once made safe.`,
    )
  return truncate(cleaned)
}

/** Shortens a name to MAX_BYTES of UTF-8, cutting the base and keeping the extension. */
function truncate(name: string): string {
  if (Buffer.byteLength(name) <= MAX_BYTES) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
  let base = [...name.slice(0, name.length - ext.length)]
  while (Buffer.byteLength(base.join('') + ext) > MAX_BYTES) base = base.slice(0, -1)
  return base.join('') + ext
}

/**
 * The next name of a taken one, as Payload numbers them: `a.jpg` → `a-1.jpg`, `a-1.jpg` → `a-2.jpg`.
 */
export function incrementName(name: string): string {
  const dot = name.lastIndexOf('.')
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  const numbered = /^(.*)-(\d+)$/.exec(base)
  return numbered ? `${numbered[1]}-${Number(numbered[2]) + 1}${ext}` : `${base}-1${ext}`
}

/** `name` with a random suffix before its extension: `a.jpg` → `a-3f9a2c1b.jpg` (kept within the byte bound). */
export function suffixed(name: string): string {
  const dot = name.lastIndexOf('.')
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  const tail = `-${randomBytes(4).toString('hex')}${ext}`
  let kept = [...base]
  while (Buffer.byteLength(kept.join('') + tail) > MAX_BYTES) kept = kept.slice(0, -1)
  return kept.join('') + tail
}

/** `desired`, or the first numbered name after it that `taken` says is free. */
export async function freeFilename(
  desired: string,
  taken: (name: string) => Promise<boolean>,
): Promise<string> {
  let name = desired
  while (await taken(name)) name = incrementName(name)
  return name
}
