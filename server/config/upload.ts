/**
 * Payload 3's upload collections (issue 34): `upload: true | { … }` on a collection. The options the server acts
 * on are typed; the admin UI's are kept as given. `sanitizeUpload` checks them at start and `uploadFields` adds
 * the fields Payload adds, with Payload's names and shapes.
 */
import path from 'node:path'
import { ConfigError } from '../errors/config-error.ts'
import { isObject } from '../fields/shared.ts'
import type { StorageAdapter } from './storage.ts'
import type { CmsRequest, Field, FieldHookArgs } from './types.ts'

/** sharp's output formats an image size or the original may be converted to. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'
export interface FormatOptions {
  format: ImageFormat
  /** sharp's options of that format (`quality`, `lossless`, `effort`, …). */
  options?: Record<string, unknown>
}

/** One derived image (Payload's `imageSizes` entry): resized with sharp, stored beside the original. */
export interface ImageSize {
  name: string
  /** Target width and height; one alone keeps the aspect ratio, neither keeps the original's dimensions. */
  width?: number | null
  height?: number | null
  /** sharp's `fit` (default `cover`). */
  fit?: 'cover' | 'contain' | 'fill' | 'inside' | 'outside'
  /** sharp's `position` when cropping (`centre`, `top`, `entropy`, `attention`, …); the focal point wins when set. */
  position?: string | number
  /** Never upscale: an image smaller than the size gets no file for it (Payload's default: true). */
  withoutEnlargement?: boolean
  formatOptions?: FormatOptions
  /** Any other sharp resize option (`background`, `kernel`, …). */
  [key: string]: unknown
}

/** URLs files may be fetched from (Payload's `AllowList`): an item matches when every key it sets matches. */
export type AllowList = Array<{
  hostname: string
  /** `*` matches within a segment, `**` across segments. */
  pathname?: string
  port?: string
  protocol?: 'http' | 'https'
  search?: string
}>

export interface UploadOptions {
  /** Folder of the local-disk storage, relative to the working directory (default: the collection's slug). */
  staticDir?: string
  /** The types a file may have (`image/*`, `application/pdf`); checked against the content, not the name. */
  mimeTypes?: string[]
  /** A create without a file is a 400 (default true). */
  filesRequiredOnCreate?: boolean
  imageSizes?: ImageSize[]
  /** Converts the original image (e.g. `{ format: 'webp' }`). */
  formatOptions?: FormatOptions
  /** Resizes the original image before it is stored (sharp's resize options). */
  resizeOptions?: Record<string, unknown>
  /** `focalX`/`focalY` fields (percent, default 50/50) that crop the sizes (default true). */
  focalPoint?: boolean
  /** The admin's crop tool (kept for an admin UI; the server crops sizes around the focal point). */
  crop?: boolean
  /** Keep EXIF and other metadata in stored images (default false: stripped). */
  withMetadata?:
    boolean | ((args: { metadata: Record<string, unknown>; req: CmsRequest }) => boolean)
  /** sharp's `trim` options applied to images before anything else. */
  trimOptions?: Record<string, unknown>
  /** Store nothing on the local disk (a `storage` adapter, or a storage plugin's handlers, must then be set). */
  disableLocalStorage?: boolean
  /** Headers of the file route's answers: returns the headers to send (or nothing to keep them). */
  modifyResponseHeaders?: (args: { headers: Headers }) => Headers | void
  /** `?<updatedAt>` appended to file URLs so a replaced file is fetched anew (default true). */
  cacheTags?: boolean
  /** Where files live: the local disk under `staticDir` when unset (server/storage/). */
  storage?: StorageAdapter
  /**
   * Payload's file handlers, as a storage plugin (`@payloadcms/plugin-cloud-storage`, under
   * `@payloadcms/storage-s3` and the others) sets them: the file route asks each in turn, after the document's
   * read access, and serves the first `Response` one returns; when none does, the storage serves the file.
   */
  handlers?: UploadHandler[]
  /** Payload's name of the storage plugin's adapter (`s3`, `azure`…): kept. */
  adapter?: string
  /** Payload's client-upload receipts (kept: files reach this server through its own routes). */
  requiresClientUploadReceipt?: boolean
  /** Largest file accepted, in bytes (default: the root `upload.limits.fileSize`, else 50 MB): 413 above it. */
  limits?: { fileSize?: number }
  /**
   * Accept executables and scripts (by content: ELF, PE, Mach-O, shell, HTML, JavaScript) when `mimeTypes` is not
   * set (default false: refused with a 400, as Payload).
   */
  allowRestrictedFileTypes?: boolean
  /**
   * Create a document from a file at a URL (`data.url`, and `GET <slug>/paste-url?src=`): off unless set, and then
   * only from the URLs of `allowList`, with an SSRF-safe fetch (docs/uploads.md).
   */
  pasteURL?: false | { allowList: AllowList }
  /** Private and loopback addresses may be fetched: for every allowed URL (true) or for those of a list. */
  skipSafeFetch?: boolean | AllowList
  /** Admin-only options, kept as given. */
  adminThumbnail?: string | ((args: { doc: Record<string, unknown> }) => string | null | false)
  displayPreview?: boolean
  bulkUpload?: boolean
  hideFileInputOnCreate?: boolean
  hideRemoveFile?: boolean
}

/** One of Payload's `upload.handlers`: a `Response` serves the file, nothing leaves it to the next. */
export type UploadHandler = (
  req: CmsRequest,
  args: {
    doc: Record<string, unknown>
    headers: Headers
    params: { collection: string; filename: string }
  },
) => Response | void | undefined | Promise<Response | void | undefined>

export interface SanitizedUpload extends Omit<
  UploadOptions,
  'staticDir' | 'filesRequiredOnCreate' | 'focalPoint' | 'crop' | 'cacheTags' | 'imageSizes'
> {
  /** The absolute folder of the local-disk storage (used when no `storage` adapter is set). */
  staticDir: string
  filesRequiredOnCreate: boolean
  focalPoint: boolean
  crop: boolean
  cacheTags: boolean
  imageSizes: ImageSize[]
  fileSize: number
}

/**
 * A file a Local create or update brings (Payload's `file`): its bytes in memory (`data`) or spooled to disk
 * (`tempFilePath`, as the HTTP layer hands a multipart part over), with the name the client gave.
 */
export interface UploadedFile {
  name: string
  data?: Buffer
  tempFilePath?: string
  /** The client's claim; the stored type comes from the content. */
  mimetype?: string
  size?: number
}

/** The largest file an upload takes when neither the collection nor the root config says (50 MB). */
export const DEFAULT_FILE_SIZE = 50 * 1024 * 1024
const FORMATS = new Set<ImageFormat>(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'])
const SIZE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/

/**
 * Checks a collection's `upload` option (`where`: `Collection "media"`) and fills its defaults (`fileSize`: the
 * root config's `upload.limits.fileSize`). The local layer makes the default local-disk adapter of `staticDir`.
 */
export function sanitizeUpload(
  upload: unknown,
  slug: string,
  where: string,
  fileSizeDefault: number | undefined,
): SanitizedUpload | false {
  if (upload === undefined || upload === null || upload === false) return false
  if (upload !== true && !isObject(upload))
    throw new ConfigError(`${where}: upload must be true or an object of upload options.`)
  const options: UploadOptions = upload === true ? {} : upload
  const at = `${where}: upload`
  if (options.mimeTypes !== undefined && !stringList(options.mimeTypes))
    throw new ConfigError(`${at}.mimeTypes must be a list of types such as "image/*".`)
  for (const p of options.mimeTypes ?? [])
    if (p !== '*' && !/^[a-z0-9!#$&^_.+-]+\/(\*|[a-z0-9!#$&^_.+-]+)$/i.test(p))
      throw new ConfigError(
        `${at}.mimeTypes: ${JSON.stringify(p)} is not a type (type/subtype, type/* or *).`,
      )
  checkFormat(options.formatOptions, `${at}.formatOptions`)
  const imageSizes = checkSizes(options.imageSizes, `${at}.imageSizes`)
  const fileSize = options.limits?.fileSize ?? fileSizeDefault ?? DEFAULT_FILE_SIZE
  if (!Number.isInteger(fileSize) || fileSize <= 0)
    throw new ConfigError(`${at}.limits.fileSize must be a positive whole number of bytes.`)
  if (
    options.handlers !== undefined &&
    (!Array.isArray(options.handlers) || options.handlers.some((h) => typeof h !== 'function'))
  )
    throw new ConfigError(
      `${at}.handlers must be a list of functions (req, { params }) => Response.`,
    )
  // A storage plugin's hooks keep the files (Payload's cloud storage): its handlers serve them.
  if (options.disableLocalStorage && !options.storage && !options.handlers?.length)
    throw new ConfigError(
      `${at}.disableLocalStorage needs a storage adapter (upload.storage, e.g. s3Adapter({ … })) or a storage plugin's handlers to keep files somewhere.`,
    )
  checkAllowList(options.pasteURL, `${at}.pasteURL`)
  if (options.skipSafeFetch !== undefined && typeof options.skipSafeFetch !== 'boolean')
    checkList(options.skipSafeFetch, `${at}.skipSafeFetch`)
  if (options.storage && !isStorage(options.storage))
    throw new ConfigError(
      `${at}.storage must be a storage adapter (localStorage(dir) or s3Adapter({ … }); s3Storage({ collections, … }) is a plugin).`,
    )
  return {
    ...options,
    staticDir: path.resolve(options.staticDir ?? slug),
    filesRequiredOnCreate: options.filesRequiredOnCreate ?? true,
    focalPoint: options.focalPoint ?? true,
    crop: options.crop ?? true,
    cacheTags: options.cacheTags ?? true,
    imageSizes,
    fileSize,
  }
}

const stringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string')
const isStorage = (v: unknown): v is StorageAdapter =>
  isObject(v) && ['put', 'get', 'delete', 'exists', 'stat'].every((k) => typeof v[k] === 'function')

/** `pasteURL`: false, or `{ allowList: [{ hostname, … }] }` (server-side fetching needs a list). */
function checkAllowList(paste: unknown, at: string): void {
  if (paste === undefined || paste === false) return
  if (!isObject(paste) || !Array.isArray(paste.allowList))
    throw new ConfigError(
      `${at} must be false or { allowList: [{ hostname, pathname?, port?, protocol?, search? }] }: files are fetched only from the hosts it lists.`,
    )
  checkList(paste.allowList, `${at}.allowList`)
}

const ALLOW_KEYS = new Set(['hostname', 'pathname', 'port', 'protocol', 'search'])
function checkList(list: unknown, at: string): void {
  if (!Array.isArray(list)) throw new ConfigError(`${at} must be a list of { hostname, … }.`)
  list.forEach((item: unknown, i) => {
    if (!isObject(item) || typeof item.hostname !== 'string' || !item.hostname)
      throw new ConfigError(`${at}[${i}] needs a hostname.`)
    for (const [key, value] of Object.entries(item)) {
      if (!ALLOW_KEYS.has(key))
        throw new ConfigError(
          `${at}[${i}].${key} is not an allow-list key (hostname, pathname, port, protocol, search).`,
        )
      if (value !== undefined && typeof value !== 'string')
        throw new ConfigError(`${at}[${i}].${key} must be a string.`)
    }
    if (item.protocol && item.protocol !== 'http' && item.protocol !== 'https')
      throw new ConfigError(`${at}[${i}].protocol must be "http" or "https".`)
  })
}

function checkFormat(format: unknown, at: string): void {
  if (format === undefined) return
  if (
    !isObject(format) ||
    typeof format.format !== 'string' ||
    !FORMATS.has(format.format as ImageFormat)
  )
    throw new ConfigError(
      `${at} must be { format, options? } with format one of ${[...FORMATS].join(', ')}.`,
    )
}

function checkSizes(sizes: unknown, at: string): ImageSize[] {
  if (sizes === undefined) return []
  if (!Array.isArray(sizes))
    throw new ConfigError(`${at} must be a list of { name, width, height }.`)
  const seen = new Set<string>()
  return sizes.map((size: unknown, i) => {
    if (!isObject(size) || typeof size.name !== 'string' || !SIZE_NAME.test(size.name))
      throw new ConfigError(
        `${at}[${i}] needs a name of letters, digits and underscores, starting with a letter.`,
      )
    if (seen.has(size.name)) throw new ConfigError(`${at}: two sizes are named "${size.name}".`)
    seen.add(size.name)
    for (const key of ['width', 'height'])
      if (size[key] != null && (!Number.isInteger(size[key]) || Number(size[key]) <= 0))
        throw new ConfigError(
          `${at}[${i}] (${size.name}).${key} must be a positive whole number of pixels.`,
        )
    checkFormat(size.formatOptions, `${at}[${i}] (${size.name}).formatOptions`)
    return size as ImageSize
  })
}

/** `<serverURL><api>/<slug>/file/<filename>`, or the storage's own link (a CDN, a signed URL). */
async function fileUrl(args: FieldHookArgs, filename: unknown, upload: SanitizedUpload) {
  if (typeof filename !== 'string' || !filename) return null
  const direct = await upload.storage?.url?.(filename)
  if (direct) return direct
  const { serverURL, routes } = args.req.cms.config
  const slug = args.collection?.slug ?? ''
  const updated = args.originalDoc?.updatedAt ?? args.data?.updatedAt
  const tag =
    upload.cacheTags && typeof updated === 'string' ? `?${encodeURIComponent(updated)}` : ''
  return `${serverURL ?? ''}${routes.api}/${slug}/file/${encodeURIComponent(filename)}${tag}`
}

/** The fields written from a file, never from a client's data (their values come with the file). */
const fromFile = { create: () => false, update: () => false }

/** The fields Payload adds to an upload collection, after the collection's own. */
export function uploadFields(upload: SanitizedUpload): Field[] {
  const file = (name: string, type: 'text' | 'number', label: string, unique = false): Field => ({
    name,
    type,
    label,
    access: fromFile,
    admin: { hidden: true, readOnly: true },
    ...(unique && { index: true, unique: true }),
  })
  const url = (label: string, filenameOf: (a: FieldHookArgs) => unknown): Field => ({
    name: 'url',
    type: 'text',
    label,
    virtual: true,
    admin: { hidden: true, readOnly: true },
    hooks: { afterRead: [(a) => fileUrl(a, filenameOf(a), upload)] },
  })
  const fields: Field[] = [
    url('URL', (a) => a.siblingData.filename),
    {
      name: 'thumbnailURL',
      type: 'text',
      label: 'Thumbnail URL',
      virtual: true,
      admin: { hidden: true, readOnly: true },
      hooks: { afterRead: [(a) => thumbnail(a, upload)] },
    },
    file('filename', 'text', 'File Name', true),
    file('mimeType', 'text', 'MIME Type'),
    file('filesize', 'number', 'File Size'),
    file('width', 'number', 'Width'),
    file('height', 'number', 'Height'),
  ]
  if (upload.focalPoint)
    fields.push(
      {
        name: 'focalX',
        type: 'number',
        label: 'Focal X',
        min: 0,
        max: 100,
        admin: { hidden: true },
      },
      {
        name: 'focalY',
        type: 'number',
        label: 'Focal Y',
        min: 0,
        max: 100,
        admin: { hidden: true },
      },
    )
  if (upload.imageSizes.length)
    fields.push({
      name: 'sizes',
      type: 'group',
      label: 'Sizes',
      admin: { hidden: true },
      fields: upload.imageSizes.map((size): Field => ({
        name: size.name,
        type: 'group',
        label: size.name,
        fields: [
          url('URL', (a) => a.siblingData.filename),
          file('width', 'number', 'Width'),
          file('height', 'number', 'Height'),
          file('mimeType', 'text', 'MIME Type'),
          file('filesize', 'number', 'File Size'),
          file('filename', 'text', 'File Name'),
        ],
      })),
    })
  return fields
}

/** `thumbnailURL`: the `adminThumbnail` size's URL, the function's answer, or null (as Payload). */
async function thumbnail(args: FieldHookArgs, upload: SanitizedUpload) {
  const t = upload.adminThumbnail
  if (typeof t === 'function') return t({ doc: args.siblingData }) || null
  if (typeof t !== 'string') return null
  const sizes = args.siblingData.sizes
  const size = isObject(sizes) ? sizes[t] : undefined
  return isObject(size) ? fileUrl(args, size.filename, upload) : null
}
