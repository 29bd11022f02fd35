/**
 * `upload.pasteURL` (issue 34): a create whose data carries `url` (Payload's shape: `{ url, filename? }`) and no
 * file gets the file from that URL, fetched by the server under the collection's allow-list (storage/remote.ts),
 * then checked like any uploaded file (size, type by content, images). Off unless the collection sets pasteURL.
 */
import type { SanitizedCollection } from '../../config/types.ts'
import type { SanitizedUpload } from '../../config/upload.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { fetchRemote, type RemoteFile } from '../../storage/remote.ts'
import { FileTooLarge } from './stage.ts'

/** The URL a create's data asks the file to be fetched from, if any. */
export function pastedURL(data: unknown): string | undefined {
  const url =
    typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined
  return typeof url === 'string' && url !== '' ? url : undefined
}

/** Fetches the file of `url` for a collection (400 when pasteURL is off or the URL is not allowed, 413 too large). */
export async function fetchPasted(
  collection: SanitizedCollection,
  upload: SanitizedUpload,
  url: string,
): Promise<RemoteFile> {
  const where = `Collection "${collection.slug}"`
  if (!upload.pasteURL)
    throw new BadRequest(
      `${where} does not fetch files from URLs (its upload.pasteURL is not set); send the file itself.`,
      [{ path: 'url' }],
    )
  return fetchRemote(url, {
    allowList: upload.pasteURL.allowList,
    skipSafeFetch: upload.skipSafeFetch,
    maxBytes: upload.fileSize,
    tooLarge: () => new FileTooLarge(upload.fileSize),
    where,
  })
}
