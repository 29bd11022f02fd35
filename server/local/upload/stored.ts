/**
 * Files staged from ones already stored (issue 34): the original of a document read back through its storage,
 * for a duplicate (a copy under a free name, so deleting either document never removes the other's file) and for
 * an update that moves the focal point (every size made anew around it). The original is copied byte for byte,
 * never re-encoded, so it keeps its quality; only the sizes are derived again.
 */
import path from 'node:path'
import { Readable } from 'node:stream'
import type { CollectionSlug } from '../../config/local-api.ts'
import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { SanitizedUpload, UploadedFile } from '../../config/upload.ts'
import { APIError } from '../../errors/api-error.ts'
import { isRecord } from '../../utilities/is-record.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { deriveSizes, type DerivedImage } from './derive.ts'
import { imageGate } from './image-gate.ts'
import { isResizable } from './images.ts'
import type { StagedFile } from './stage.ts'
import { storageOf } from './store.ts'

type Doc = Record<string, unknown>

/** What stageWrite reads of a create's or an update's arguments. */
export interface WriteIncoming {
  data?: unknown
  file?: UploadedFile
  filePath?: string
  id?: number | string
  duplicateFromID?: number | string | null
  trash?: unknown
}

/** The bytes stored under `key` (the original or a size of a document: an image, or a file being copied). */
async function readStored(upload: SanitizedUpload, key: string): Promise<Buffer> {
  const file = await storageOf(upload).get(key)
  if (!file) throw new APIError(`The file ${JSON.stringify(key)} is missing from its storage.`, 500)
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined)

/** The sizes of a stored document, read back as they are (a duplicate whose focal point is unchanged). */
async function storedSizes(upload: SanitizedUpload, doc: Doc) {
  const sizes: Record<string, DerivedImage | null> = {}
  const recorded = isRecord(doc.sizes) ? doc.sizes : {}
  for (const { name } of upload.imageSizes) {
    const size = recorded[name]
    const filename = isRecord(size) ? size.filename : undefined
    sizes[name] =
      typeof filename === 'string' && filename && isRecord(size)
        ? {
            data: await readStored(upload, filename),
            mimeType: String(size.mimeType),
            ext: path.extname(filename).slice(1),
            width: num(size.width) ?? 0,
            height: num(size.height) ?? 0,
          }
        : null
  }
  return sizes
}

/**
 * The stored file of `doc` staged again under its own name (storeFile numbers it): the original's bytes as stored,
 * and its sizes derived anew around `focal` when given, else copied.
 */
async function stageStored(
  upload: SanitizedUpload,
  doc: Doc,
  focal: { x: number; y: number } | undefined,
  req: CmsRequest,
): Promise<StagedFile> {
  const filename = String(doc.filename)
  const mimeType = String(doc.mimeType)
  const data = await readStored(upload, filename)
  const staged: StagedFile = {
    name: filename,
    mimeType,
    filesize: data.length,
    width: num(doc.width),
    height: num(doc.height),
    open: () => Readable.from([data]),
  }
  if (!isResizable(mimeType) || !upload.imageSizes.length) return staged
  const original: DerivedImage = {
    data,
    mimeType,
    ext: path.extname(filename).slice(1),
    width: staged.width ?? 0,
    height: staged.height ?? 0,
  }
  staged.sizes = focal
    ? await imageGate(req.cms.config).run(() => deriveSizes(original, upload, focal))
    : await storedSizes(upload, doc)
  return staged
}

/** The focal point a write asks for, over the document's (percent, rounded as Payload rounds it). */
function focalOver(data: unknown, doc: Doc) {
  const pick = (key: 'focalX' | 'focalY') => {
    const sent = isRecord(data) ? data[key] : undefined
    const value = typeof sent === 'number' && sent >= 0 && sent <= 100 ? sent : num(doc[key])
    return Math.round(value ?? 50)
  }
  return { x: pick('focalX'), y: pick('focalY') }
}

const moved = (doc: Doc, focal: { x: number; y: number }) =>
  focal.x !== Math.round(num(doc.focalX) ?? 50) || focal.y !== Math.round(num(doc.focalY) ?? 50)

/** The document as stored (its newest version, any locale's file fields are not localized), or undefined. */
async function storedDoc(
  cms: Cms,
  collection: SanitizedCollection,
  id: number | string,
  req: CmsRequest,
  overrideAccess: boolean,
  trash: unknown,
): Promise<Doc | undefined> {
  try {
    return (await cms.findByID({
      collection: collection.slug as CollectionSlug,
      id,
      depth: 0,
      draft: true,
      trash: trash === true,
      req,
      overrideAccess,
    })) as unknown as Doc
  } catch (error) {
    // The write itself answers a missing or hidden document (404/403), with its own rules.
    if (error instanceof APIError && error.status < 500) return undefined
    throw error
  }
}

/**
 * An update by id without a file that moves the focal point of an image with sizes: its original read back and
 * every size made anew around the new point (Payload re-derives them too). The update's access is asked first.
 * Undefined when nothing is to be derived (no sizes, not an image, the point unchanged, no such document).
 */
export async function stageRefocus(
  cms: Cms,
  collection: SanitizedCollection,
  upload: SanitizedUpload,
  incoming: WriteIncoming,
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<StagedFile | undefined> {
  const data = incoming.data
  if (!upload.focalPoint || !upload.imageSizes.length || incoming.id === undefined) return undefined
  if (!isRecord(data) || (data.focalX === undefined && data.focalY === undefined)) return undefined
  await executeAccess(collection.access.update, { req, id: incoming.id, data }, overrideAccess)
  const doc = await storedDoc(cms, collection, incoming.id, req, true, true)
  if (!doc || typeof doc.filename !== 'string' || !isResizable(String(doc.mimeType)))
    return undefined
  const focal = focalOver(data, doc)
  if (!moved(doc, focal)) return undefined
  return { ...(await stageStored(upload, doc, focal, req)), from: doc.filename }
}

/**
 * The file of a duplicate (Payload copies it too): the source's original and sizes stored again under free names,
 * the sizes made anew when the copy's data moves the focal point. The source is read with the caller's read
 * access (duplicate asks it again inside the transaction). Undefined when the source has no file.
 */
export async function stageDuplicate(
  cms: Cms,
  collection: SanitizedCollection,
  upload: SanitizedUpload,
  incoming: WriteIncoming,
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<StagedFile | undefined | 'no source'> {
  const id = incoming.duplicateFromID
  if (id === undefined || id === null) return undefined
  const doc = await storedDoc(cms, collection, id, req, overrideAccess, incoming.trash)
  // Missing or unreadable: the create's source check answers it (404, or 403), as for any collection.
  if (!doc) return 'no source'
  if (typeof doc.filename !== 'string' || !doc.filename) return undefined
  const focal = upload.focalPoint ? focalOver(incoming.data, doc) : undefined
  return stageStored(upload, doc, focal && moved(doc, focal) ? focal : undefined, req)
}
