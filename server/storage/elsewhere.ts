/**
 * The storage of an upload collection whose files a storage plugin keeps (Payload's cloud storage:
 * `disableLocalStorage` with the plugin's `upload.handlers`): the plugin's hooks store and delete each file (they
 * read `req.file` and `req.payloadUploadSizes`), its handlers serve them. Here nothing is kept: a name is free unless
 * a document holds it, and the file route serves what the handlers answer.
 */
import type { StorageAdapter } from '../config/storage.ts'

export function heldElsewhere(by: string): StorageAdapter {
  return {
    name: `a storage plugin's (${by})`,
    put: async () => undefined,
    delete: async () => undefined,
    exists: async () => false,
    get: async () => undefined,
    stat: async () => undefined,
  }
}
