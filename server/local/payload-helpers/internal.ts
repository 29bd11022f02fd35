/**
 * `payload/internal`: the upload helpers Payload's storage adapters import (`@payloadcms/storage-s3`): HTTP range
 * requests on stored files, the MIME checks of client uploads, the access a client upload needs, and the
 * Content-Security-Policy of served files. Payload marks them internal; their semantics are Payload 3.90's.
 */
import { APIError } from '../../errors/api-error.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import type { CmsRequest, SanitizedConfig } from '../../config/types.ts'
import { executeAccess } from './access.ts'
import { sanitizeFilename } from './shared.ts'

export const UPLOAD_CONTENT_SECURITY_POLICY =
  "script-src 'none'; frame-src 'none'; object-src 'none'"

/** `Range: bytes=…` against a file of `size` bytes: the first range, or why there is none (RFC 7233). */
function firstRange(
  size: number,
  header: string,
): { start: number; end: number } | 'unsatisfiable' | 'malformed' {
  const at = header.indexOf('=')
  if (at === -1 || header.slice(0, at).trim() !== 'bytes') return 'malformed'
  let malformed = true
  for (const part of header.slice(at + 1).split(',')) {
    const m = /^\s*(\d*)-(\d*)\s*$/.exec(part)
    if (!m || (m[1] === '' && m[2] === '')) continue
    malformed = false
    let start = m[1] === '' ? size - Number(m[2]) : Number(m[1])
    let end = m[1] === '' ? size - 1 : m[2] === '' ? size - 1 : Number(m[2])
    if (end > size - 1) end = size - 1
    if (start < 0) start = 0
    if (start <= end && start < size) return { start, end }
  }
  return malformed ? 'malformed' : 'unsatisfiable'
}

export interface RangeRequestInfo {
  type: 'full' | 'partial' | 'invalid'
  headers: Record<string, string>
  status: 200 | 206 | 416
  rangeStart?: number
  rangeEnd?: number
}

/** The status and headers of an answer to a (possibly ranged) read of a stored file of `fileSize` bytes. */
export function getRangeRequestInfo({
  fileSize,
  rangeHeader,
}: {
  fileSize: number
  rangeHeader?: string | null
}): RangeRequestInfo {
  const full: RangeRequestInfo = {
    type: 'full',
    headers: { 'Accept-Ranges': 'bytes', 'Content-Length': String(fileSize) },
    status: 200,
  }
  if (!rangeHeader) return full
  const range = firstRange(fileSize, rangeHeader)
  if (typeof range === 'string')
    return { type: 'invalid', headers: { 'Content-Range': `bytes */${fileSize}` }, status: 416 }
  return {
    type: 'partial',
    headers: {
      'Accept-Ranges': 'bytes',
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${fileSize}`,
    },
    rangeStart: range.start,
    rangeEnd: range.end,
    status: 206,
  }
}

const essence = (mimeType: string | undefined | null) =>
  (mimeType ?? '').split(';', 1)[0].trim().toLowerCase()
export const isSvgMimeType = (mimeType?: string | null): boolean =>
  essence(mimeType) === 'image/svg+xml'
export const isXmlMimeType = (mimeType?: string | null): boolean => {
  const e = essence(mimeType)
  return e === 'application/xml' || e === 'text/xml' || e.endsWith('+xml')
}
const extensionOf = (filename: string) =>
  filename.includes('.') ? (filename.split('.').pop() ?? '').split(/[?#]/, 1)[0].toLowerCase() : ''

/** 403 unless the caller is logged in and may create, or else update, documents of `collectionSlug`. */
export async function assertClientUploadAccess({
  collectionSlug,
  req,
}: {
  collectionSlug: string
  req: CmsRequest
}): Promise<void> {
  const collection = (
    req.payload as unknown as { config: SanitizedConfig }
  ).config.collectionsBySlug.get(collectionSlug)
  if (!req.user || !collection) throw new Forbidden()
  const access = collection.access as Record<string, never> | undefined
  if (await executeAccess({ disableErrors: true, req }, access?.create)) return
  if (!(await executeAccess({ disableErrors: true, req }, access?.update))) throw new Forbidden()
}

/** 400 unless `filesize` is a whole number of bytes. */
export function assertClientUploadFileSize(filesize: unknown): void {
  if (typeof filesize !== 'number' || !Number.isSafeInteger(filesize) || filesize < 0)
    throw new APIError('A valid file size is required for client uploads.', 400)
}

const MIME = /^[!#$%&'*+.^`|~\w-]+\/[!#$%&'*+.^`|~\w-]+$/

/**
 * 400 unless a client upload (a file sent straight to the storage by the browser) names a file and a well-formed
 * MIME type, and is not an SVG or XML file, which must come through the server to be checked (unless the
 * collection's `upload.allowRestrictedFileTypes`).
 */
export function assertClientUploadAllowed({
  collection,
  filename,
  mimeType,
}: {
  collection?: { upload?: unknown }
  filename: unknown
  mimeType?: unknown
}): void {
  let name = ''
  try {
    if (typeof filename === 'string' && filename.trim()) name = sanitizeFilename(filename)
  } catch {
    name = ''
  }
  if (!name) throw new APIError('A valid filename is required for client uploads.', 400)
  const upload = collection?.upload
  const restricted =
    typeof upload === 'object' && upload !== null
      ? Boolean((upload as { allowRestrictedFileTypes?: unknown }).allowRestrictedFileTypes)
      : false
  if (mimeType === undefined || mimeType === null || mimeType === '') {
    if (restricted) return
    throw new APIError('A valid MIME type is required for client uploads.', 400)
  }
  const [type, ...parameters] = typeof mimeType === 'string' ? mimeType.split(';') : ['']
  const valid =
    typeof mimeType === 'string' &&
    mimeType === mimeType.trim() &&
    // eslint-disable-next-line no-control-regex
    !/[\x00-\x1f\x7f]/.test(mimeType) &&
    MIME.test(type) &&
    parameters.every((p) => p.trim().length > 0)
  if (!valid) throw new APIError('A valid MIME type is required for client uploads.', 400)
  const ext = extensionOf(name)
  const svgOrXml =
    ext === 'svg' ||
    ext === 'xml' ||
    isSvgMimeType(mimeType as string) ||
    isXmlMimeType(mimeType as string)
  if (!restricted && svgOrXml)
    throw new APIError('SVG and XML files must be uploaded through Payload.', 400)
}

export {
  createClientUploadReceipt,
  getExternalFile,
  getSafeFileName,
  verifyClientUploadReceipt,
  type ClientUploadReceipt,
} from './client-uploads.ts'
