/** Images of uploads, with sharp (prebuilt libvips from npm): measured, and guarded against decompression bombs. */
import { createRequire } from 'node:module'
import type sharpFactory from 'sharp'
import type { Metadata, SharpOptions } from 'sharp'
import type { SanitizedCollection } from '../../config/types.ts'
import { ValidationError } from '../../errors/validation-error.ts'

/** The types sharp reads and writes; others (SVG, PDF, video) are stored as they are. */
const RESIZABLE = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/tiff',
])
export const isResizable = (mimeType: string) => RESIZABLE.has(mimeType)

/**
 * The most pixels an image may declare (width × height, 100 megapixels, a 10,000 × 10,000 photo): a small file
 * declaring more is a decompression bomb, refused before any decoding.
 */
export const MAX_PIXELS = 100_000_000

/**
 * sharp, loaded at the first image: libvips costs about 110 ms and 20 MB of RSS at start-up, which a server
 * that is not handling an image should not pay (docs/performance.md, "Start-up").
 */
let loaded: typeof sharpFactory | undefined
const sharp = (input: Buffer | string | undefined, options: SharpOptions) =>
  (loaded ??= createRequire(import.meta.url)('sharp') as typeof sharpFactory)(input, options)

/** The input of sharp: a buffer, or a file it reads itself. */
export const sharpInput = (src: { data?: Buffer; path?: string }) =>
  sharp(src.data ?? src.path, { limitInputPixels: MAX_PIXELS, failOn: 'error' })

/**
 * An image's width and height as it is displayed (EXIF orientation applied), from its header only. An image
 * whose header sharp cannot read, or that declares more than MAX_PIXELS, is a 400 on `file`.
 */
export async function imageInfo(
  src: { data?: Buffer; path?: string },
  collection: SanitizedCollection,
): Promise<{ width: number; height: number }> {
  const refuse = (message: string) =>
    new ValidationError({ collection: collection.slug, errors: [{ path: 'file', message }] })
  let meta: Metadata
  try {
    // The header only: the pixel limit is checked below, with a message that says so.
    meta = await sharp(src.data ?? src.path, { limitInputPixels: false }).metadata()
  } catch {
    throw refuse('The image cannot be read: its data is damaged or not of its type.')
  }
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height) throw refuse('The image has no dimensions.')
  if (width * height > MAX_PIXELS)
    throw refuse(
      `The image declares ${width} × ${height} pixels, more than the ${MAX_PIXELS.toLocaleString('en')} allowed.`,
    )
  return { width, height }
}
