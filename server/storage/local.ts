import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { link, mkdir, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ByteRange, StorageAdapter, StoredFileInfo } from '../config/storage.ts'
import { checkKey } from './keys.ts'

const errno = (error: unknown) =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined

/**
 * Files on the local disk under `root` (an upload collection's `staticDir`). A file is written to a hidden
 * temporary name beside its final one and hard-linked into place, so a reader never sees half a file, a failed
 * stream leaves nothing, and two uploads racing for one name cannot overwrite each other (the link fails).
 */
export function localStorage(root: string): StorageAdapter {
  const dir = path.resolve(root)
  const file = (key: string) => path.join(dir, checkKey(key))
  const info = async (key: string): Promise<StoredFileInfo | undefined> => {
    try {
      const s = await stat(file(key))
      if (!s.isFile()) return undefined
      return {
        size: s.size,
        etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
        lastModified: s.mtime,
      }
    } catch (error) {
      if (errno(error) === 'ENOENT') return undefined
      throw error
    }
  }
  return {
    name: `local disk (${dir})`,
    async put(key: string, body: Readable): Promise<void> {
      const target = file(key)
      await mkdir(path.dirname(target), { recursive: true })
      const temp = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`,
      )
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }))
        await link(temp, target)
      } finally {
        await rm(temp, { force: true })
      }
    },
    async delete(key: string): Promise<void> {
      try {
        await unlink(file(key))
      } catch (error) {
        if (errno(error) !== 'ENOENT') throw error
      }
    },
    exists: async (key) => (await info(key)) !== undefined,
    stat: info,
    async get(key: string, range?: ByteRange) {
      const found = await info(key)
      if (!found) return undefined
      return { ...found, body: createReadStream(file(key), range) }
    },
  }
}
