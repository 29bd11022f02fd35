/**
 * The SDK for Node (`contract-cms/sdk/node`): the same client, plus file paths as uploads. It is a separate entry
 * so that `node:fs` never reaches a browser bundle of `contract-cms/sdk`.
 *
 * @example
 * const cms = createClient({ baseUrl: 'http://127.0.0.1:3000' })
 * await cms.collection('media').create({ alt: 'A cat' }, { file: './cat.jpg' })
 */
import { openAsBlob } from 'node:fs'
import path from 'node:path'
import { createClient as createBaseClient, type ClientOptions } from './index.ts'

export * from './index.ts'

/** A file on disk as a `File` named after it, read lazily as the request streams it (not held whole). */
export async function fileFromPath(filePath: string, type?: string): Promise<File> {
  const blob = await openAsBlob(filePath, type ? { type } : undefined)
  return new File([blob], path.basename(filePath), { type: blob.type })
}

/** `createClient` of `contract-cms/sdk`, reading an upload's `file` given as a path from disk. */
export function createClient(options: ClientOptions) {
  return createBaseClient({ readFile: fileFromPath, ...options })
}
