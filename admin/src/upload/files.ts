/**
 * What the file panel reads of a file and of a stored upload document: whether a type is accepted (the
 * collection's `mimeTypes`, as the server matches them), sizes for people, and the image to show.
 */
import type { Values } from '../edit/state.ts'
import { t } from '../i18n.ts'

/** Whether a MIME type matches the accepted patterns (`*`, `image/*`, `application/pdf`); none: any. */
export function accepts(type: string, patterns: string[] | undefined): boolean {
  if (!patterns?.length) return true
  const t = type.toLowerCase()
  if (!t) return false
  return patterns.some((raw) => {
    const p = raw.toLowerCase()
    if (p === '*' || p === '*/*') return true
    if (p.endsWith('/*')) return t.startsWith(p.slice(0, -1))
    return t === p
  })
}

/** Why a file is refused before upload, or undefined when it may be sent. */
export function refusal(
  file: File,
  mimeTypes: string[] | undefined,
  maxFileSize: number | undefined,
): string | undefined {
  if (!accepts(file.type, mimeTypes))
    return t('cms:fileNotAccepted', {
      name: file.name,
      type: file.type || t('cms:unknownType'),
      types: mimeTypes!.join(', '),
    })
  if (maxFileSize !== undefined && file.size > maxFileSize)
    return t('cms:fileTooLarge', {
      name: file.name,
      size: formatSize(file.size),
      max: formatSize(maxFileSize),
    })
  return undefined
}

/** Bytes for people: `812 B`, `14.2 KB`, `3.1 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let n = bytes / 1024
  let unit = 0
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024
    unit++
  }
  return `${n >= 10 ? Math.round(n) : n.toFixed(1)} ${units[unit]}`
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

export interface StoredUpload {
  url?: string
  filename?: string
  mimeType?: string
  filesize?: number
  width?: number
  height?: number
  isImage: boolean
  /** A small image of the file (the `thumbnail` or `card` size, else the original). */
  thumbnail?: string
  /** An image of the whole frame (a size of the original's proportions, else the original): for the focal point. */
  whole?: string
}

type Size = { url?: unknown; width?: unknown; height?: unknown } | null | undefined

/** The stored file of a document, or undefined when it has none. */
export function storedUpload(doc: Values): StoredUpload | undefined {
  const filename = text(doc.filename)
  const url = text(doc.url)
  if (!filename && !url) return undefined
  const mimeType = text(doc.mimeType)
  const width = num(doc.width)
  const height = num(doc.height)
  const sizes = (doc.sizes ?? {}) as Record<string, Size>
  const isImage = Boolean(mimeType?.startsWith('image/'))
  const thumbnail = text(sizes.thumbnail?.url) ?? text(sizes.card?.url) ?? url
  // A size cropped to other proportions would put the focal point elsewhere: only an uncropped one will do.
  const whole = Object.values(sizes)
    .filter((s): s is NonNullable<Size> => Boolean(s && text(s.url) && num(s.width)))
    .filter(
      (s) => width && height && Math.abs(num(s.width)! / num(s.height)! - width / height) < 0.01,
    )
    .filter((s) => num(s.width)! >= 480)
    .sort((a, b) => num(a.width)! - num(b.width)!)
    .map((s) => text(s.url))[0]
  return {
    url,
    filename,
    mimeType,
    filesize: num(doc.filesize),
    width,
    height,
    isImage,
    thumbnail: isImage ? thumbnail : undefined,
    whole: isImage ? (whole ?? url) : undefined,
  }
}
