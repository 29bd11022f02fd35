/**
 * The images an upload stores (issue 34, item 4): the original re-encoded without its metadata (EXIF, GPS)
 * unless `withMetadata`, converted or resized when `formatOptions`/`resizeOptions`/`trimOptions` say so, and each
 * of `imageSizes`, cropped around the focal point. Images are decoded in memory (bounded by limits.images.maxPixels), so only
 * images are ever held whole.
 */
import type { Sharp } from 'sharp'
import type { CmsRequest } from '../../config/types.ts'
import type { FormatOptions, ImageSize, SanitizedUpload } from '../../config/upload.ts'
import { sharpInput } from './images.ts'

/** One image to store: its bytes and what its document records of it. */
export interface DerivedImage {
  data: Buffer
  mimeType: string
  /** The file extension of its format (`webp`, `jpg`). */
  ext: string
  width: number
  height: number
}

const EXT: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  tiff: 'tif',
}
const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
}
const FORMAT_OF_MIME: Record<string, FormatOptions['format']> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
}

async function encode(image: Sharp, format: FormatOptions): Promise<DerivedImage> {
  const { data, info } = await image
    .toFormat(format.format, format.options ?? {})
    .toBuffer({ resolveWithObject: true })
  return {
    data,
    mimeType: MIME[format.format],
    ext: EXT[format.format],
    width: info.width,
    height: info.height,
  }
}

/** Whether the stored original keeps its metadata (`withMetadata`: a flag or a function of the metadata). */
async function keepsMetadata(upload: SanitizedUpload, image: Sharp, req: CmsRequest) {
  const rule = upload.withMetadata
  if (typeof rule !== 'function') return Boolean(rule)
  return rule({ metadata: { ...(await image.metadata()) }, req })
}

/**
 * The original as stored: oriented upright and without metadata (unless `withMetadata`), trimmed, resized and
 * converted as the collection says. Undefined for a GIF left alone (re-encoding would flatten its animation).
 */
export async function deriveOriginal(
  src: { data?: Buffer; path?: string },
  mimeType: string,
  upload: SanitizedUpload,
  req: CmsRequest,
): Promise<DerivedImage | undefined> {
  const format = upload.formatOptions ?? { format: FORMAT_OF_MIME[mimeType] }
  if (format.format === 'gif' && !upload.resizeOptions && !upload.trimOptions) return undefined
  let image = sharpInput(src).rotate()
  if (await keepsMetadata(upload, sharpInput(src), req)) image = image.keepMetadata()
  if (upload.trimOptions) image = image.trim(upload.trimOptions)
  if (upload.resizeOptions) image = image.resize(upload.resizeOptions)
  return encode(image, format)
}

/**
 * One size of `imageSizes` from the stored original: resized (`fit`, default cover) and, when cropped, centred
 * on the focal point (percent of width and height); null when the image is smaller than the size and the size
 * does not enlarge (`withoutEnlargement`, default true), as Payload leaves such a size empty.
 */
export async function deriveSize(
  original: DerivedImage,
  size: ImageSize,
  focal: { x: number; y: number } | undefined,
): Promise<DerivedImage | null> {
  const { width: w, height: h } = original
  const tw = size.width ?? undefined
  const th = size.height ?? undefined
  const enlarges = size.withoutEnlargement === false
  // Smaller than the size in every dimension it names: nothing to make without enlarging.
  const smaller = (tw === undefined || w < tw) && (th === undefined || h < th)
  if (!enlarges && smaller && (tw !== undefined || th !== undefined)) return null
  const format = size.formatOptions ?? { format: FORMAT_OF_MIME[original.mimeType] ?? 'png' }
  const {
    name: _n,
    width: _w,
    height: _h,
    formatOptions: _f,
    withoutEnlargement: _e,
    ...rest
  } = size
  const fit = size.fit ?? 'cover'
  let image = sharpInput({ data: original.data })
  const scale = tw && th ? Math.max(tw / w, th / h) : 1
  if (tw && th && fit === 'cover' && focal && (scale <= 1 || enlarges)) {
    // Scale to cover the box, then cut the box out around the focal point (kept inside the image).
    const rw = Math.max(tw, Math.round(w * scale))
    const rh = Math.max(th, Math.round(h * scale))
    const left = clamp(Math.round((rw * focal.x) / 100 - tw / 2), 0, rw - tw)
    const top = clamp(Math.round((rh * focal.y) / 100 - th / 2), 0, rh - th)
    image = image.resize(rw, rh).extract({ left, top, width: tw, height: th })
  } else {
    image = image.resize({
      ...rest,
      width: tw,
      height: th,
      fit,
      withoutEnlargement: !enlarges,
      ...(typeof size.position !== 'undefined' && { position: size.position }),
    })
  }
  return encode(image, format)
}

/** Every size of `imageSizes` made from one original, around one focal point. */
export async function deriveSizes(
  original: DerivedImage,
  upload: SanitizedUpload,
  focal: { x: number; y: number } | undefined,
): Promise<Record<string, DerivedImage | null>> {
  const sizes: Record<string, DerivedImage | null> = {}
  for (const size of upload.imageSizes) sizes[size.name] = await deriveSize(original, size, focal)
  return sizes
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))
