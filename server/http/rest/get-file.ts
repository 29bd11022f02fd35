import type { SanitizedUpload } from '../../config/upload.ts'
import { Readable } from 'node:stream'
import type { ReadableStream as WebStream } from 'node:stream/web'
import { APIError } from '../../errors/api-error.ts'
import { NotFound } from '../../errors/not-found.ts'
import { parseRange } from '../../storage/range.ts'
import { attachment, type RestHandlers, type RestReply } from './request.ts'

/** Types a browser renders without risk to the API's origin; anything else is sent as an attachment. */
const INLINE = /^(image\/(?!svg)|video\/|audio\/|application\/pdf$|text\/plain$)/

const header = (r: { req: { headers?: Headers } }, name: string) =>
  r.req.headers?.get(name) ?? undefined

/**
 * `GET <api>/<slug>/file/<filename>`: the file after its document's read access (Local `getFile`), with the
 * headers of a static file server: 304 for a matching `If-None-Match`, 206 for a satisfiable `Range` (an
 * unsatisfiable one is ignored and the whole file sent, as RFC 9110 allows), a redirect to a storage's own link.
 */
export const getFile: RestHandlers['getFile'] = async (cms, r) => {
  const collection = cms.collection(r.meta.collection)
  const upload = collection.upload
  const filename = r.params.filename
  const args = { collection: collection.slug, filename, req: r.req, overrideAccess: false }
  const head = await cms.getFile({ ...args, headOnly: true })
  if (head.response) return handlerReply(head.response)
  if (head.redirect) return { status: 302, headers: { Location: head.redirect } }
  const size = head.info?.size ?? 0
  const etag = head.info?.etag
  const base: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=0, must-revalidate',
    ...(etag && { ETag: etag }),
    ...(head.info?.lastModified && { 'Last-Modified': head.info.lastModified.toUTCString() }),
  }
  if (
    etag &&
    header(r, 'if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return finish({ status: 304, headers: base }, upload)
  const range = parseRange(header(r, 'range'), size)
  const wanted = range === 'unsatisfiable' ? undefined : range
  // The access check and the lookup above serve the read too: the bytes are opened once they are wanted.
  const body = await head.open?.(wanted)
  if (!body) throw new NotFound()
  const headers: Record<string, string> = {
    ...base,
    'Content-Type': head.mimeType,
    'Content-Length': String(wanted ? wanted.end - wanted.start + 1 : size),
    ...(!INLINE.test(head.mimeType) && { 'Content-Disposition': attachment(filename) }),
    ...(head.mimeType === 'image/svg+xml' && { 'Content-Security-Policy': 'sandbox' }),
  }
  if (wanted) headers['Content-Range'] = `bytes ${wanted.start}-${wanted.end}/${size}`
  return finish({ status: wanted ? 206 : 200, headers, stream: body }, upload)
}

/**
 * The answer of a storage plugin's handler, passed through (it applied `modifyResponseHeaders` itself): a success
 * as it is, a 404 as this server's; any other status is the handler's failure.
 */
function handlerReply(res: Response): RestReply<200 | 206 | 302 | 304> {
  const headers: Record<string, string> = {}
  res.headers.forEach((value, key) => (headers[key] = value))
  const stream = res.body ? Readable.fromWeb(res.body as WebStream) : undefined
  if (res.status === 200 || res.status === 206 || res.status === 302 || res.status === 304)
    return { status: res.status, headers, ...(stream && { stream }) }
  stream?.destroy()
  if (res.status === 404) throw new NotFound()
  throw new APIError(`The storage plugin's file handler answered ${res.status}.`, 500)
}

/** The reply with the collection's `modifyResponseHeaders` applied (given and returning a Headers object). */
function finish<S extends number>(
  reply: RestReply<S>,
  upload: SanitizedUpload | false,
): RestReply<S> {
  const modify = upload ? upload.modifyResponseHeaders : undefined
  if (!modify) return reply
  const given = new Headers(reply.headers)
  const headers: Record<string, string> = {}
  ;(modify({ headers: given }) ?? given).forEach((value, key) => (headers[key] = value))
  return { ...reply, headers }
}
