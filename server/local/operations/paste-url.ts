/**
 * The pasteURL kind (issue 34, Payload's `GET <slug>/paste-url/:id?src=`): a file fetched by the server from an
 * allow-listed URL and handed back, for a client that cannot fetch it itself (CORS) and uploads it next. Only for a
 * logged-in caller with the collection's create access (update access with `id`), under the same SSRF-safe fetch
 * as a create with `data.url` (storage/remote.ts).
 */
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import type { BaseArgs, CollectionSlug } from '../../config/local-api.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { sanitizeFilename } from '../../storage/filenames.ts'
import { sniffType } from '../../storage/sniff.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'
import { fetchPasted } from '../upload/paste.ts'
import { head } from '../upload/stage.ts'

export interface PasteURLArgs<S extends string = CollectionSlug> extends BaseArgs {
  collection: S
  /** The URL of the file. */
  src: string
  /** The document the file is for (update access instead of create). */
  id?: number | string
}

/** The fetched file: its safe name, its type read from its content, and its bytes (the temporary copy is removed once read). */
export interface PastedFile {
  filename: string
  mimeType: string
  size: number
  body: Readable
}

export async function pasteURL(this: Cms, args: PasteURLArgs): Promise<PastedFile> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  const overrideAccess = args.overrideAccess ?? true
  if (!overrideAccess && !req.user) throw new Forbidden()
  if (!collection.upload || !collection.upload.pasteURL)
    throw new BadRequest(`Pasting from a URL is not enabled for collection "${collection.slug}".`)
  const operation = args.id === undefined ? 'create' : 'update'
  await executeAccess(collection.access[operation], { req, id: args.id }, overrideAccess)
  if (typeof args.src !== 'string' || !args.src)
    throw new BadRequest('A valid URL string is required (src).', [{ path: 'src' }])
  const file = await fetchPasted(collection, collection.upload, args.src)
  try {
    const filename = sanitizeFilename(file.name)
    const mimeType = await sniffType(await head({ path: file.path }), filename)
    const body = createReadStream(file.path)
    body.once('close', () => void file.cleanup())
    return { filename, mimeType, size: file.size, body }
  } catch (error) {
    await file.cleanup()
    throw error
  }
}
