import { fileTypeFromBuffer } from 'file-type'

/** How many leading bytes the sniffer reads (file-type needs at most about 4 KiB for the formats it knows). */
export const SNIFF_BYTES = 4100

/** Whether the first KiB decodes as UTF-8 without NUL bytes (a sequence cut at its end is not an error). */
const isText = (head: Buffer) => {
  const sample = head.subarray(0, 1024)
  if (sample.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true })
    return true
  } catch {
    return false
  }
}

/** Whether text starts like an SVG document (after an XML declaration, comments and a doctype). */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[\s\S]*?>/i, '')
    .trimStart()
  return /^<svg[\s>]/i.test(text)
}

/**
 * The MIME type of a file by its content, never by its name or the client's header: the magic bytes file-type
 * knows (images, archives, executables, media, PDF…) after SVG, then text by its extension's family
 * (`text/plain`, `text/csv`, `application/json`…, only when the bytes are text), else
 * `application/octet-stream`.
 */
export async function sniffType(head: Buffer, filename: string): Promise<string> {
  // Before file-type, which names an SVG `application/xml`.
  if (looksLikeSvg(head)) return 'image/svg+xml'
  const found = await fileTypeFromBuffer(head)
  if (found) return found.mime
  if (isText(head)) return TEXT_TYPES[extensionOf(filename)] ?? 'text/plain'
  return 'application/octet-stream'
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase()
const TEXT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  txt: 'text/plain',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  vtt: 'text/vtt',
}

/**
 * Whether a type is allowed by an upload collection's `mimeTypes` (Payload's patterns: `image/png`, `image/*`,
 * `*`); an empty or absent list allows every type.
 */
export function mimeTypeAllowed(type: string, patterns: readonly string[] | undefined): boolean {
  if (!patterns?.length) return true
  const [family] = type.split('/')
  return patterns.some(
    (p) =>
      p === '*' || p === '*/*' || p === type || (p.endsWith('/*') && p.slice(0, -2) === family),
  )
}
