/**
 * An upload before it is stored (issue 34): the file a write brings (a Local `file` or `filePath`, or the part
 * of a multipart request the HTTP layer spooled to disk) checked and measured outside the transaction, as a
 * password is hashed: its safe name, its type from its content, its size, and for an image its dimensions.
 */
import { createReadStream } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { SanitizedUpload, UploadedFile } from '../../config/upload.ts'
import { APIError } from '../../errors/api-error.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { ValidationError } from '../../errors/validation-error.ts'
import { sanitizeFilename } from '../../storage/filenames.ts'
import { mimeTypeAllowed, nameForContent, sniffFile, SNIFF_BYTES } from '../../storage/sniff.ts'
import { isRecord } from '../../utilities/is-record.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { fetchPasted, pastedURL } from './paste.ts'
import { stageDuplicate, stageRefocus, type WriteIncoming } from './stored.ts'
import { deriveOriginal, deriveSizes, type DerivedImage } from './derive.ts'
import { imageInfo, isResizable } from './images.ts'
import { imageGate } from './image-gate.ts'

/** A file checked and measured, ready to be stored. */
export interface StagedFile {
  /** The sanitised name the client asked for (the stored one may be numbered). */
  name: string
  mimeType: string
  filesize: number
  width?: number
  height?: number
  /** A fresh stream of its bytes (each call opens a new one). */
  open: () => Readable
  /** Each of `imageSizes` made from an image (null: the image is smaller than the size). */
  sizes?: Record<string, DerivedImage | null>
  /** Staged from this stored file of the document being updated (a new focal point): it must still be its file. */
  from?: string
  /** Removes what staging left behind (a fetched file), once the write is settled. */
  cleanup?: () => Promise<void>
}

/** 413 for a file over the collection's `upload.limits.fileSize`. */
export class FileTooLarge extends APIError {
  constructor(limit: number) {
    super(`File size limit has been reached (the limit is ${limit} bytes).`, 413, {
      code: 'PAYLOAD_TOO_LARGE',
      data: { limit: 'upload.limits.fileSize', max: limit },
    })
    this.name = 'FileTooLarge'
  }
}

/** 400 when a create needs a file and has none (Payload's MissingFile). */
export class MissingFile extends APIError {
  constructor() {
    super('No files were uploaded.', 400, { code: 'BAD_REQUEST' })
    this.name = 'MissingFile'
  }
}

/** Executables and scripts a server should not hand back to browsers unless a collection asks for them. */
const RESTRICTED = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-executable',
  'application/vnd.microsoft.portable-executable',
  'application/java-archive',
  'application/x-msi',
  'text/html',
  'text/javascript',
  'application/javascript',
])

/** The bytes of a Local `file` (a buffer or a spooled file) or `filePath`, with the name and size they came with. */
async function source(file: UploadedFile | undefined, filePath: string | undefined) {
  if (filePath !== undefined) {
    const s = await stat(filePath).catch(() => undefined)
    if (!s?.isFile())
      throw new BadRequest(`filePath ${JSON.stringify(filePath)} is not a readable file.`)
    return { name: path.basename(filePath), size: s.size, path: filePath }
  }
  if (!file) return undefined
  if (file.data !== undefined) {
    if (!Buffer.isBuffer(file.data)) throw new BadRequest('file.data must be a Buffer.')
    return { name: file.name, size: file.data.length, data: file.data }
  }
  if (typeof file.tempFilePath === 'string') {
    const s = await stat(file.tempFilePath)
    return { name: file.name, size: s.size, path: file.tempFilePath }
  }
  throw new BadRequest('file needs data (a Buffer) or tempFilePath.')
}

/** The first bytes of a file, enough to tell its type by content. */
export async function head(src: { data?: Buffer; path?: string }): Promise<Buffer> {
  if (src.data) return src.data.subarray(0, SNIFF_BYTES)
  const handle = await open(src.path ?? '', 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Checks the file a create or update brings (`undefined` when it brings none: a create then needs one unless
 * `filesRequiredOnCreate` is false): its size against the limit, its type by content against `mimeTypes` (and
 * the restricted types unless `allowRestrictedFileTypes`), its name made safe; an image is measured with sharp.
 */
export async function stageFile(
  collection: SanitizedCollection,
  upload: SanitizedUpload,
  args: { file?: UploadedFile; filePath?: string; data?: unknown },
  operation: 'create' | 'update',
  req: CmsRequest,
): Promise<StagedFile | undefined> {
  const src = await source(args.file, args.filePath)
  if (!src) {
    if (operation === 'create' && upload.filesRequiredOnCreate) throw new MissingFile()
    return undefined
  }
  if (src.size > upload.fileSize) throw new FileTooLarge(upload.fileSize)
  if (src.size === 0) throw fileError(collection, 'The file is empty.')
  const sniffed = await sniffFile(await head(src), sanitizeFilename(src.name))
  const name = nameForContent(sanitizeFilename(src.name), sniffed)
  const mimeType = sniffed.mime
  if (!mimeTypeAllowed(mimeType, upload.mimeTypes))
    throw fileError(collection, `Invalid file type: '${mimeType}'.`, 'mimeType')
  if (!upload.mimeTypes?.length && !upload.allowRestrictedFileTypes && RESTRICTED.has(mimeType))
    throw fileError(
      collection,
      `File type '${mimeType}' not allowed ${name}: Restricted file type detected -- set 'allowRestrictedFileTypes' to true to skip this check for this Collection.`,
    )
  const open = () => (src.data ? Readable.from([src.data]) : createReadStream(src.path ?? ''))
  const staged: StagedFile = { name, mimeType, filesize: src.size, open }
  if (!isResizable(mimeType)) return staged
  Object.assign(staged, await imageInfo(src, collection, req.cms.config.limits.images.maxPixels))
  // Decoding and resizing take their turn at the process's image gate (limits.images).
  return imageGate(req.cms.config).run(() =>
    processImage(staged, src, upload, focalOf(upload, args.data), req),
  )
}

/** The focal point a write sends (percent; 50/50 when it sends none). */
function focalOf(upload: SanitizedUpload, data: unknown) {
  if (!upload.focalPoint) return undefined
  const percent = (v: unknown) => (typeof v === 'number' && v >= 0 && v <= 100 ? v : 50)
  return {
    x: percent(isRecord(data) ? data.focalX : undefined),
    y: percent(isRecord(data) ? data.focalY : undefined),
  }
}

/** An image staged: the original re-encoded as stored (derive.ts) and its sizes. */
async function processImage(
  staged: StagedFile,
  src: { data?: Buffer; path?: string },
  upload: SanitizedUpload,
  focal: { x: number; y: number } | undefined,
  req: CmsRequest,
): Promise<StagedFile> {
  const derived = await deriveOriginal(src, staged.mimeType, upload, req)
  const original: DerivedImage = derived ?? {
    data: src.data ?? (await readFile(src.path ?? '')),
    mimeType: staged.mimeType,
    ext: path.extname(staged.name).slice(1),
    width: staged.width ?? 0,
    height: staged.height ?? 0,
  }
  const sizes = await deriveSizes(original, upload, focal)
  if (!derived) return { ...staged, sizes }
  // The name keeps its extension unless the format changed (`formatOptions`).
  const same = derived.mimeType === staged.mimeType && path.extname(staged.name)
  return {
    name: same ? staged.name : `${staged.name.replace(/\.[^.]*$/, '')}.${derived.ext}`,
    mimeType: derived.mimeType,
    filesize: derived.data.length,
    width: derived.width,
    height: derived.height,
    open: () => Readable.from([derived.data]),
    sizes,
  }
}

/**
 * The file of a create, or of an update by id, staged before the write's transaction: the one it brings, else a
 * duplicate's copy of its source's (stored.ts), else, for an update that moves the focal point, the stored
 * original with its sizes made anew. The operation's access is asked first, so nobody without it makes the server
 * read, sniff or decode a file.
 */
export async function stageWrite(
  cms: Cms,
  collection: SanitizedCollection,
  incoming: WriteIncoming,
  operation: 'create' | 'update',
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<StagedFile | undefined> {
  const { upload } = collection
  if (!upload) return undefined
  const brings = Boolean(incoming.file || incoming.filePath)
  if (operation === 'update' && !brings)
    return stageRefocus(cms, collection, upload, incoming, req, overrideAccess)
  const data = isRecord(incoming.data) ? incoming.data : undefined
  await executeAccess(collection.access[operation], { req, data }, overrideAccess)
  if (operation === 'create' && !brings && incoming.duplicateFromID != null) {
    const copy = await stageDuplicate(cms, collection, upload, incoming, req, overrideAccess)
    if (copy === 'no source') return undefined
    if (copy || !upload.filesRequiredOnCreate) return copy
  }
  const url = operation === 'create' && !brings ? pastedURL(data) : undefined
  if (!url) return stageFile(collection, upload, incoming, operation, req)
  const remote = await fetchPasted(collection, upload, url)
  try {
    const named = typeof data?.filename === 'string' && data.filename ? data.filename : remote.name
    const file = { name: named, tempFilePath: remote.path }
    const staged = await stageFile(collection, upload, { file, data }, operation, req)
    return staged && { ...staged, cleanup: remote.cleanup }
  } catch (error) {
    await remote.cleanup()
    throw error
  }
}

const fileError = (collection: SanitizedCollection, message: string, path = 'file') =>
  new ValidationError({ collection: collection.slug, errors: [{ path, message }] })
