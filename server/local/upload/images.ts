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
 * The most pixels sharp decodes whatever the config says (its own default, 16383 × 16383): the configured limit,
 * `limits.images.maxPixels` (default 40 megapixels), is checked on the header before any decoding (`imageInfo`),
 * so a small file declaring more, a decompression bomb, is refused unread.
 */
export const SHARP_MAX_PIXELS = 0x3fff * 0x3fff

/**
 * sharp, loaded at the first image: libvips costs about 110 ms and 20 MB of RSS at start-up, which a server
 * that is not handling an image should not pay (docs/performance.md, "Start-up").
 */
let loaded: typeof sharpFactory | undefined
const sharp = (input: Buffer | string | undefined, options: SharpOptions) =>
  (loaded ??= createRequire(import.meta.url)('sharp') as typeof sharpFactory)(input, options)

/** The input of sharp: a buffer, or a file it reads itself. */
export const sharpInput = (src: { data?: Buffer; path?: string }) =>
  sharp(src.data ?? src.path, { limitInputPixels: SHARP_MAX_PIXELS, failOn: 'error' })

/**
 * An image's width and height as it is displayed (EXIF orientation applied), from its header only. An image
 * whose header sharp cannot read, or that declares more than `maxPixels`, is a 400 on `file`.
 */
export async function imageInfo(
  src: { data?: Buffer; path?: string },
  collection: SanitizedCollection,
  maxPixels: number,
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
  if (width * height > maxPixels)
    throw refuse(
      `The image declares ${width} × ${height} pixels, more than the ${maxPixels.toLocaleString('en')} allowed (limits.images.maxPixels).`,
    )
  return { width, height }
}
