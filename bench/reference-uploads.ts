/**
 * The floor's `POST /api/media` (bench/reference.ts): what a hand-written upload endpoint costs. busboy streams
 * the file part straight into the media folder, file-type checks its magic bytes, and an image is re-encoded
 * upright without metadata and resized to the example app's three sizes with sharp (thumbnail 300×300 and card
 * 768×432 cropped, hero 1600 wide as WebP), as the CMS does; then one row is inserted. No access, hooks,
 * validation or name numbering beyond a random suffix when the name is taken.
 */
import busboy from 'busboy'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open, rename, rm, writeFile } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type ResizeOptions } from 'sharp'

type Row = Record<string, unknown>

/** Reads the multipart body: its fields, and its file part streamed to `temp` (never held in memory). */
function receive(
  req: IncomingMessage,
  temp: string,
): Promise<{ fields: Record<string, string>; name: string; size: number }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {}
    let name = ''
    let size = 0
    let writing: Promise<void> | undefined
    const parser = busboy({ headers: req.headers, limits: { files: 1 } })
    parser.on('field', (k, v) => (fields[k] = v))
    parser.on('file', (_k, stream, info) => {
      name = path.basename(info.filename ?? 'file')
      stream.on('data', (c: Buffer) => (size += c.length))
      writing = pipeline(stream, createWriteStream(temp, { flags: 'wx' }))
      writing.catch(reject)
    })
    parser.on('error', reject)
    parser.on('close', () => {
      Promise.resolve(writing).then(() => resolve({ fields, name, size }), reject)
    })
    req.pipe(parser)
  })
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(4100)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const SIZES: { name: string; resize: ResizeOptions; format: 'jpeg' | 'webp'; quality?: number }[] =
  [
    { name: 'thumbnail', resize: { width: 300, height: 300, fit: 'cover' }, format: 'jpeg' },
    { name: 'card', resize: { width: 768, height: 432, fit: 'cover' }, format: 'jpeg' },
    {
      name: 'hero',
      resize: { width: 1600, withoutEnlargement: true },
      format: 'webp',
      quality: 80,
    },
  ]
const MIME = { jpeg: 'image/jpeg', webp: 'image/webp' }
const EXT = { jpeg: 'jpg', webp: 'webp' }

/** The original re-encoded (upright, no metadata) and its three sizes, written beside it. */
async function image(temp: string, target: string, doc: Row): Promise<void> {
  const original = await sharp(temp).rotate().jpeg().toBuffer({ resolveWithObject: true })
  await writeFile(target, original.data, { flag: 'wx' })
  await rm(temp)
  Object.assign(doc, {
    filesize: original.data.length,
    width: original.info.width,
    height: original.info.height,
  })
  const base = target.replace(/\.[^.]*$/, '')
  for (const s of SIZES) {
    const { data, info } = await sharp(original.data)
      .resize(s.resize)
      .toFormat(s.format, s.quality ? { quality: s.quality } : {})
      .toBuffer({ resolveWithObject: true })
    const filename = `${path.basename(base)}-${info.width}x${info.height}.${EXT[s.format]}`
    await writeFile(path.join(path.dirname(target), filename), data)
    doc[`sizes__${s.name}__width`] = info.width
    doc[`sizes__${s.name}__height`] = info.height
    doc[`sizes__${s.name}__mimeType`] = MIME[s.format]
    doc[`sizes__${s.name}__filesize`] = data.length
    doc[`sizes__${s.name}__filename`] = filename
  }
}

/** The document as the CMS answers it: `sizes` nested. */
function nest(row: Row): Row {
  const sizes: Record<string, Row> = {}
  const doc: Row = { sizes }
  for (const [k, v] of Object.entries(row)) {
    const [, size, key] = /^sizes__(\w+?)__(\w+)$/.exec(k) ?? []
    if (size) (sizes[size] ??= {})[key!] = v
    else doc[k] = v
  }
  return doc
}

/**
 * Handles one upload into `dir`; `insert` runs an INSERT and answers the new id. Answers the created document,
 * or throws (the floor answers 500) for a type other than an image or a PDF.
 */
export async function floorUpload(
  req: IncomingMessage,
  dir: string,
  insert: (sql: string, params: unknown[]) => Promise<number>,
): Promise<Row> {
  const temp = path.join(dir, `.upload-${randomBytes(8).toString('hex')}`)
  try {
    const { fields, name, size } = await receive(req, temp)
    const mimeType = (await fileTypeFromBuffer(await headOf(temp)))?.mime ?? ''
    if (!/^image\/(jpeg|png|webp)$|^application\/pdf$/.test(mimeType))
      throw new Error(`type ${mimeType} refused`)
    const taken = await open(path.join(dir, name), 'r').then(
      (h) => h.close().then(() => true),
      () => false,
    )
    const filename = taken
      ? name.replace(/(\.[^.]*)?$/, `-${randomBytes(4).toString('hex')}$1`)
      : name
    const target = path.join(dir, filename)
    const now = new Date().toISOString()
    const alt = (JSON.parse(fields._payload ?? '{}') as { alt?: string }).alt ?? fields.alt
    const row: Row = { alt, filename, mimeType, filesize: size, width: null, height: null }
    if (mimeType === 'application/pdf') {
      await rename(temp, target)
      for (const s of SIZES)
        for (const k of ['width', 'height', 'mimeType', 'filesize', 'filename'])
          row[`sizes__${s.name}__${k}`] = null
    } else await image(temp, target, row)
    Object.assign(row, { focalX: 50, focalY: 50, createdAt: now, updatedAt: now })
    const keys = Object.keys(row)
    const id = await insert(
      `INSERT INTO media (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
      Object.values(row),
    )
    return { doc: nest({ id, ...row }), message: 'Media successfully created.' }
  } finally {
    await rm(temp, { force: true })
  }
}
