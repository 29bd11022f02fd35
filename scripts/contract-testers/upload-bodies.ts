/**
 * The writes of upload collections as Payload's clients send them: Portman writes each request's body from the
 * first content type an operation declares (JSON), and a create of an upload collection needs a file. So every
 * request of an operation that declares `multipart/form-data` (the create and the update by id of an upload
 * collection, their variations included) is turned into that: the JSON body Portman wrote (or the config's
 * overwrite, or a variation's invalid value) as `_payload`, and `fixtures/sample.png` as `file`.
 */
import path from 'node:path'

/** The folder newman reads the file parts from (its `workingDir`). */
export const FIXTURES = path.join(import.meta.dirname, 'fixtures')
const SAMPLE = 'sample.png'

interface Document {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>
}
interface PostmanItem {
  name: string
  item?: PostmanItem[]
  request?: {
    method: string
    header?: { key: string; value: string }[]
    url: { path?: string[] }
    body?: { mode: string; raw?: string; formdata?: unknown[] }
  }
}

/** `POST media`, `PATCH media/:id`: the multipart operations, as Postman writes their method and path. */
function multipartOperations(document: Document): Set<string> {
  const found = new Set<string>()
  for (const [p, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item))
      if (op?.requestBody?.content?.['multipart/form-data'])
        found.add(`${method.toUpperCase()} ${p.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1')}`)
  return found
}

/** Rewrites the collection's requests of multipart operations in place; returns how many it rewrote. */
export function multipartUploads(collection: { item: PostmanItem[] }, document: Document): number {
  const operations = multipartOperations(document)
  let rewritten = 0
  const walk = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) walk(item.item)
      const request = item.request
      if (!request || !operations.has(`${request.method} ${(request.url.path ?? []).join('/')}`))
        continue
      request.body = {
        mode: 'formdata',
        formdata: [
          { key: '_payload', type: 'text', value: request.body?.raw ?? '{}' },
          { key: 'file', type: 'file', src: SAMPLE },
        ],
      }
      // newman writes the multipart Content-Type with its boundary
      request.header = request.header?.filter((h) => h.key.toLowerCase() !== 'content-type')
      rewritten++
    }
  }
  walk(collection.item)
  return rewritten
}
