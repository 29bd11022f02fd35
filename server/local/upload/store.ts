/**
 * Stored uploads: the storage adapter of a collection, the free name a staged file is stored under, and the files
 * of a document removed when it is deleted or its file replaced.
 */
import type { CollectionSlug } from '../../config/local-api.ts'
import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { StorageAdapter } from '../../config/storage.ts'
import type { SanitizedUpload } from '../../config/upload.ts'
import { isRecord } from '../../utilities/is-record.ts'
import { freeFilename, suffixed } from '../../storage/filenames.ts'
import { accessResult } from '../access.ts'
import { localStorage } from '../../storage/local.ts'
import { heldElsewhere } from '../../storage/elsewhere.ts'
import type { Cms } from '../cms.ts'
import { Readable } from 'node:stream'
import type { DerivedImage } from './derive.ts'
import type { StagedFile } from './stage.ts'

const adapters = new WeakMap<SanitizedUpload, StorageAdapter>()

/**
 * The collection's storage: its `upload.storage`; else, with `disableLocalStorage`, the storage plugin's that set
 * its handlers (which keeps the files itself); else the local disk under `staticDir` (made once).
 */
export function storageOf(upload: SanitizedUpload): StorageAdapter {
  let adapter = adapters.get(upload)
  if (!adapter)
    adapters.set(
      upload,
      (adapter =
        upload.storage ??
        (upload.disableLocalStorage
          ? heldElsewhere(upload.adapter ?? 'upload.handlers')
          : localStorage(upload.staticDir))),
    )
  return adapter
}

/** The fields a stored file sets on its document, and the keys it was stored under (to undo). */
export interface StoredUpload {
  fields: Record<string, unknown>
  keys: string[]
}

/**
 * Stores a staged file under a free name (no document of the collection, in the trash or not, and no stored file
 * has it), inside the write's transaction so a concurrent upload of the same name sees the row. A caller who may
 * read every document of the collection gets the first free one as Payload numbers them (`photo.jpg`,
 * `photo-1.jpg`, …). Anyone else always gets the name with a random suffix (`photo-3f9a2c1b.jpg`), taken or not:
 * so whether the name changed tells them nothing about files they may not read (docs/uploads.md, "Names"). A name
 * taken between the check and the write (the local disk refuses to overwrite) moves on to another.
 */
export async function storeFile(
  cms: Cms,
  req: CmsRequest,
  collection: SanitizedCollection,
  upload: SanitizedUpload,
  staged: StagedFile,
  overrideAccess: boolean,
): Promise<StoredUpload> {
  const storage = storageOf(upload)
  const readsAll =
    overrideAccess || (await accessResult(collection.access.read, { req }, false)) === true
  const taken = async (name: string) =>
    (await storage.exists(name)) ||
    (
      await cms.count({
        collection: collection.slug as CollectionSlug,
        where: { filename: { equals: name } },
        req,
        trash: collection.trash || undefined,
      })
    ).totalDocs > 0
  for (let attempt = 0; ; attempt++) {
    const filename = readsAll
      ? await freeFilename(staged.name, taken)
      : await freeFilename(suffixed(staged.name), taken)
    try {
      await storage.put(filename, staged.open(), {
        contentType: staged.mimeType,
        size: staged.filesize,
      })
    } catch (error) {
      if (attempt < 5 && isRecord(error) && error.code === 'EEXIST') continue
      throw error
    }
    const keys = [filename]
    const fields: Record<string, unknown> = {
      filename,
      mimeType: staged.mimeType,
      filesize: staged.filesize,
      width: staged.width ?? null,
      height: staged.height ?? null,
    }
    if (staged.sizes) {
      try {
        fields.sizes = await storeSizes(storage, filename, staged.sizes, keys)
      } catch (error) {
        await removeStored(storage, keys)
        throw error
      }
    }
    if (upload.handlers?.length) await handOver(req, filename, staged)
    return { keys, fields }
  }
}

/**
 * The file and its sizes on `req`, as Payload's upload writes put them there (`req.file`, `req.payloadUploadSizes`),
 * for a storage plugin's hooks to store: only where the collection has a plugin's handlers, since it holds the
 * whole file in memory (within `upload.limits.fileSize`).
 */
async function handOver(req: CmsRequest, filename: string, staged: StagedFile): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of staged.open()) chunks.push(chunk as Buffer)
  req.file = {
    name: filename,
    data: Buffer.concat(chunks),
    mimetype: staged.mimeType,
    size: staged.filesize,
  }
  req.payloadUploadSizes = Object.fromEntries(
    Object.entries(staged.sizes ?? {}).flatMap(([name, image]) =>
      image ? [[name, image.data]] : [],
    ),
  )
}

const EMPTY_SIZE = { filename: null, mimeType: null, filesize: null, width: null, height: null }

/** Stores each size beside the original as `<name>-<width>x<height>.<ext>` (Payload's names); notes their keys. */
async function storeSizes(
  storage: StorageAdapter,
  original: string,
  sizes: Record<string, DerivedImage | null>,
  keys: string[],
): Promise<Record<string, unknown>> {
  const base = original.replace(/\.[^.]*$/, '')
  const out: Record<string, unknown> = {}
  for (const [name, image] of Object.entries(sizes)) {
    if (!image) {
      out[name] = EMPTY_SIZE
      continue
    }
    const filename = `${base}-${image.width}x${image.height}.${image.ext}`
    // Two sizes of one result (same dimensions and format) share the file.
    if (!keys.includes(filename)) {
      await storage.put(filename, Readable.from([image.data]), { contentType: image.mimeType })
      keys.push(filename)
    }
    out[name] = {
      filename,
      mimeType: image.mimeType,
      filesize: image.data.length,
      width: image.width,
      height: image.height,
    }
  }
  return out
}

async function removeStored(storage: StorageAdapter, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => undefined)
}

/** The storage keys of a document's files: its file and every size's. */
export function keysOf(doc: Record<string, unknown>): string[] {
  const keys = typeof doc.filename === 'string' && doc.filename ? [doc.filename] : []
  if (isRecord(doc.sizes))
    for (const size of Object.values(doc.sizes))
      if (isRecord(size) && typeof size.filename === 'string' && size.filename)
        keys.push(size.filename)
  return keys
}

/** Removes stored files; a failure is logged, never thrown (the documents are already written). */
export async function removeFiles(
  cms: Cms,
  upload: SanitizedUpload,
  keys: string[],
): Promise<void> {
  const storage = storageOf(upload)
  for (const key of keys)
    await storage.delete(key).catch((error: unknown) => {
      cms.logger.error(
        { err: error, key, storage: storage.name },
        'could not remove an upload file',
      )
    })
}

/** The files a write of an upload collection stored (undone if it fails) and replaced (removed once it commits). */
export interface WriteFiles {
  stored: string[]
  replaced: string[]
}

/**
 * Awaits a write of an upload collection and settles its files: when it fails, the files it stored are removed
 * (the document was not written); when it commits, the files it replaced.
 */
export async function settleFiles<T>(
  cms: Cms,
  upload: SanitizedUpload,
  write: Promise<T>,
  files: WriteFiles,
): Promise<T> {
  let result: T
  try {
    result = await write
  } catch (error) {
    await removeFiles(cms, upload, files.stored)
    throw error
  }
  await removeFiles(cms, upload, files.replaced)
  return result
}
