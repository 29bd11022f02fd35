/**
 * The getFile kind (issue 34): a stored file of an upload collection by its filename (the original's or a
 * size's), after the read access of the document it belongs to, as Payload's file route checks it.
 */
import type { BaseArgs, CollectionSlug } from '../../config/local-api.ts'
import type { Readable } from 'node:stream'
import type { ByteRange, StoredFileInfo } from '../../config/storage.ts'
import { NotFound } from '../../errors/not-found.ts'
import { isRecord } from '../../utilities/is-record.ts'
import type { Cms } from '../cms.ts'
import { storageOf } from '../upload/store.ts'
import { createLocalReq } from '../request.ts'
import type { CmsRequest } from '../../config/types.ts'
import type { UploadHandler } from '../../config/upload.ts'

export interface GetFileArgs<S extends string = CollectionSlug> extends BaseArgs {
  collection: S
  filename: string
  /** The bytes wanted (an HTTP Range): the file's `body` is then only those. */
  range?: ByteRange
  /** Only what is known about the file, without opening it (for `If-None-Match`). */
  headOnly?: boolean
}

/** A file found: its document, its type, and its bytes, or the URL its storage links it at. */
export interface FoundFile {
  doc: Record<string, unknown>
  mimeType: string
  filename: string
  /** The storage's own link (a public bucket, a CDN, a signed URL): clients fetch the file there. */
  redirect?: string
  /** What the storage knows of the file (size, ETag, modification time). */
  info?: StoredFileInfo
  /** The file's bytes (the range asked for); absent with `headOnly` or a redirect. */
  body?: Readable
  /** With `headOnly`: opens the file's bytes (a range of them) later, without asking access again. */
  open?: (range?: ByteRange) => Promise<Readable | undefined>
  /**
   * The answer of one of the collection's `upload.handlers` (a storage plugin's), served as it is: the handler
   * answers ranges, `If-None-Match` and its own headers itself.
   */
  response?: Response
}

/**
 * A stored file by filename: 404 unless the collection is an upload collection with a document (not in the
 * trash) holding that filename, which the caller may read (the read access's Where applies, so a denied document
 * is a 404 or, for an access that denies outright, 401/403), and the storage has it.
 */
export async function getFile(this: Cms, args: GetFileArgs): Promise<FoundFile> {
  const collection = this.collection(args.collection)
  const upload = collection.upload
  if (!upload) throw new NotFound()
  const names = [
    { filename: { equals: args.filename } },
    ...upload.imageSizes.map((s) => ({ [`sizes.${s.name}.filename`]: { equals: args.filename } })),
  ]
  const { docs } = await this.find({
    collection: collection.slug as CollectionSlug,
    where: { or: names },
    limit: 1,
    depth: 0,
    user: args.user,
    req: args.req,
    overrideAccess: args.overrideAccess ?? true,
    context: args.context,
  })
  const doc: unknown = docs[0]
  if (!isRecord(doc)) throw new NotFound()
  const mimeType = mimeTypeOf(doc, args.filename)
  const response = await askHandlers(this, args, upload.handlers ?? [], doc)
  if (response) return { doc, mimeType, filename: args.filename, response }
  const storage = storageOf(upload)
  const redirect = await storage.url?.(args.filename)
  if (redirect) return { doc, mimeType, filename: args.filename, redirect }
  if (args.headOnly) {
    const info = await storage.stat(args.filename)
    if (!info) throw new NotFound()
    const open = async (range?: ByteRange) => (await storage.get(args.filename, range))?.body
    return { doc, mimeType, filename: args.filename, info, open }
  }
  const file = await storage.get(args.filename, args.range)
  if (!file) throw new NotFound()
  const { body, ...info } = file
  return { doc, mimeType, filename: args.filename, info, body }
}

/**
 * The first `Response` of the collection's `upload.handlers`, asked in turn with Payload's arguments (the request,
 * the document, the collection and filename), or undefined when none answers.
 */
async function askHandlers(
  cms: Cms,
  args: GetFileArgs,
  handlers: UploadHandler[],
  doc: Record<string, unknown>,
): Promise<Response | undefined> {
  if (!handlers.length) return undefined
  const req = args.req?.cms ? (args.req as CmsRequest) : createLocalReq(cms, args)
  const params = { collection: args.collection, filename: args.filename }
  const ask = async (r: CmsRequest) => {
    for (const handler of handlers) {
      const answer = await handler(r, { doc, headers: new Headers(), params })
      if (answer instanceof Response) return answer
    }
    return undefined
  }
  const answer = await ask(req)
  if (answer?.status !== 416 || !req.headers?.has('range')) return answer
  // An unsatisfiable range: the whole file, as this server's own file route answers it (RFC 9110 allows both).
  await answer.body?.cancel()
  const headers = new Headers(req.headers)
  headers.delete('range')
  return ask(Object.assign(Object.create(Object.getPrototypeOf(req) as object), req, { headers }))
}

/** The type recorded for the original or for the size whose file it is. */
function mimeTypeOf(doc: Record<string, unknown>, filename: string): string {
  if (doc.filename === filename && typeof doc.mimeType === 'string') return doc.mimeType
  if (isRecord(doc.sizes))
    for (const size of Object.values(doc.sizes))
      if (isRecord(size) && size.filename === filename && typeof size.mimeType === 'string')
        return size.mimeType
  return 'application/octet-stream'
}
