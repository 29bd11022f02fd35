/**
 * `multipart/form-data` writes of upload collections (Payload's wire format): the file part `file` streamed to a
 * temporary file (never held whole in memory), and the document as `_payload` (JSON text) or as plain form
 * fields. Limits are enforced while reading: a declared or streamed size past them is a 413 at once.
 */
import busboy from 'busboy'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { CmsRequest, SanitizedConfig } from '../config/types.ts'
import type { SanitizedUpload, UploadedFile } from '../config/upload.ts'
import { APIError } from '../errors/api-error.ts'
import { BadRequest } from '../errors/bad-request.ts'

export const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\b/i.test(contentType ?? '')

/**
 * The upload options of the collection a write takes a file for: `POST <api>/<slug>` (create) and
 * `PATCH <api>/<slug>/<id>` (update) of an upload collection (`rel`: the path after the API route).
 */
export function uploadRoute(
  config: SanitizedConfig,
  method: string,
  rel: string,
): SanitizedUpload | undefined {
  const [slug, id, ...rest] = rel.split('/').filter(Boolean)
  const fits =
    rest.length === 0 && (method === 'POST' ? id === undefined : method === 'PATCH' && id)
  const upload = fits ? config.collections.find((c) => c.slug === slug)?.upload : undefined
  return upload || undefined
}

/**
 * A multipart body read: the document as JSON text (`_payload` as sent, else the form fields), the file (spooled
 * to disk), and the removal of that file.
 */
export interface MultipartBody {
  document: Buffer
  file?: UploadedFile
  /** Removes the temporary file; call it once the request is answered. */
  cleanup: () => Promise<void>
}

/** Where this process spools uploaded files while a request runs (one folder per process). */
export const spoolDir = () => path.join(tmpdir(), `cms-uploads-${process.pid}`)

const tooLarge = (what: string, limit: number, key: string) =>
  new APIError(`${what} is larger than ${limit} bytes.`, 413, {
    code: 'PAYLOAD_TOO_LARGE',
    data: { limit: key, max: limit },
  })

/**
 * Reads a multipart request: at most one file (the part named `file`, up to `fileSize` bytes) and form fields
 * up to `formBytes` bytes in all. A request declaring more than both together is refused before its body is
 * read.
 */
export async function readMultipart(
  req: IncomingMessage,
  limits: { fileSize: number; formBytes: number },
): Promise<MultipartBody> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limits.fileSize + limits.formBytes)
    throw tooLarge('The upload', limits.fileSize, 'upload.limits.fileSize')
  const dir = spoolDir()
  await mkdir(dir, { recursive: true })
  const temp = path.join(dir, randomBytes(12).toString('hex'))
  const cleanup = () => rm(temp, { force: true })
  const spool: Spool = {}
  try {
    const parts = await parse(req, limits, temp, spool)
    return { ...parts, cleanup }
  } catch (error) {
    // The file's writer is stopped on failure; once it has settled nothing can recreate the file.
    await spool.writing?.catch(() => undefined)
    await cleanup()
    throw error
  }
}

/**
 * The multipart body of an upload collection's write, read for the dispatcher: the file set on the request
 * (`req.file`, Payload's), the document as the JSON body the contract validates, and the spool's removal.
 */
export async function uploadBody(
  incoming: IncomingMessage,
  req: CmsRequest,
  upload: SanitizedUpload,
  formBytes: number,
): Promise<{ raw: Buffer; cleanup: () => Promise<void> }> {
  const body = await readMultipart(incoming, { fileSize: upload.fileSize, formBytes })
  req.file = body.file
  return { raw: body.document, cleanup: body.cleanup }
}

/** The write of the file part in progress, if any. */
interface Spool {
  writing?: Promise<void>
}

function parse(
  req: IncomingMessage,
  limits: { fileSize: number; formBytes: number },
  temp: string,
  spool: Spool,
): Promise<Omit<MultipartBody, 'cleanup'>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        // A part's `filename="café.png"` is UTF-8 as browsers send it (busboy reads latin1 by default: `cafÃ©.png`).
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: limits.fileSize, fieldSize: limits.formBytes, parts: 1000 },
      })
    } catch (error) {
      return reject(new BadRequest(`The multipart body cannot be read: ${String(error)}`))
    }
    const fields: Record<string, string> = {}
    let fieldBytes = 0
    let file: UploadedFile | undefined
    let fileStream: Readable | undefined
    let failed = false
    const fail = (error: Error) => {
      if (failed) return
      failed = true
      fileStream?.destroy(error)
      req.unpipe(parser)
      req.resume() // drain what the client still sends; the answer goes out now
      reject(error)
    }
    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(value) + name.length
      if (info.valueTruncated || fieldBytes > limits.formBytes)
        fail(tooLarge('The form fields', limits.formBytes, 'bodyLimit'))
      else fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume()
        return fail(new BadRequest(`Unexpected file part "${name}": send the file as "file".`))
      }
      fileStream = stream
      stream.on('limit', () =>
        fail(tooLarge('The file', limits.fileSize, 'upload.limits.fileSize')),
      )
      let size = 0
      stream.on('data', (chunk: Buffer) => (size += chunk.length))
      spool.writing = pipeline(stream, createWriteStream(temp, { flags: 'wx' })).then(() => {
        file = { name: info.filename ?? 'file', tempFilePath: temp, mimetype: info.mimeType, size }
      })
      spool.writing.catch((error: unknown) =>
        fail(error instanceof Error ? error : new Error(String(error))),
      )
    })
    parser.on('filesLimit', () => fail(new BadRequest('Send one file per request.')))
    parser.on('partsLimit', () => fail(new BadRequest('The multipart body has too many parts.')))
    parser.on('error', (error: unknown) =>
      fail(new BadRequest(`The multipart body cannot be read: ${String(error)}`)),
    )
    parser.on('close', () => {
      if (failed) return
      Promise.resolve(spool.writing)
        .then(() => resolve({ document: documentOf(fields), file }))
        .catch(fail)
    })
    req.pipe(parser)
  })
}

/**
 * The document: `_payload` as sent (Payload's form: JSON text), else the plain form fields as strings. Parsed and
 * checked by the dispatcher as a JSON body is, so a caller the operation refuses hears that first, not that the
 * text is malformed.
 */
const documentOf = (fields: Record<string, string>): Buffer =>
  Buffer.from(fields._payload ?? JSON.stringify(fields))
