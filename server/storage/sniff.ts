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

/** A file's type by its content, and the extension that type is known by (none for text and unknown bytes). */
export interface Sniffed {
  mime: string
  ext?: string
}

/**
 * The MIME type of a file by its content, never by its name or the client's header: the magic bytes file-type
 * knows (images, archives, executables, media, PDF…) after SVG, then text by its extension's family
 * (`text/plain`, `text/csv`, `application/json`…, only when the bytes are text), else
 * `application/octet-stream`.
 */
export async function sniffFile(head: Buffer, filename: string): Promise<Sniffed> {
  // Before file-type, which names an SVG `application/xml`.
  if (looksLikeSvg(head)) return { mime: 'image/svg+xml', ext: 'svg' }
  // Loaded with the first file sniffed (about 70 ms of a start that serves no upload).
  const { fileTypeFromBuffer } = await import('file-type')
  const found = await fileTypeFromBuffer(head)
  if (found) return { mime: found.mime, ext: found.ext }
  if (isText(head)) return { mime: TEXT_TYPES[extensionOf(filename)] ?? 'text/plain' }
  return { mime: 'application/octet-stream' }
}

/** The MIME type of a file by its content (`sniffFile`'s). */
export async function sniffType(head: Buffer, filename: string): Promise<string> {
  return (await sniffFile(head, filename)).mime
}

/** Other spellings of an extension file-type answers. */
const SAME_EXTENSION: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe', 'jfif'],
  tif: ['tiff'],
  mp4: ['m4v'],
  mpg: ['mpeg'],
  htm: ['html'],
  gz: ['tgz'],
  heic: ['heif'],
}

/**
 * `name` with an extension that says what the content is: a file whose content has a known type keeps its
 * extension when it is one of that type's, and otherwise gets the type's own (`innocent.html` holding an SVG is
 * stored as `innocent.svg`), so nothing serving by extension can be told the file is something else. A name without
 * an extension keeps none (Payload's SDK sends Blobs as `blob`: nothing claims a type), and text and unknown bytes
 * keep their names (their type follows the extension already).
 */
export function nameForContent(name: string, sniffed: Sniffed): string {
  const dot = name.lastIndexOf('.')
  if (!sniffed.ext || dot <= 0) return name
  const ext = name.slice(dot + 1).toLowerCase()
  if (ext === sniffed.ext || SAME_EXTENSION[sniffed.ext]?.includes(ext)) return name
  return `${name.slice(0, dot)}.${sniffed.ext}`
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
