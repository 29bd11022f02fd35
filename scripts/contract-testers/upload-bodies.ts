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

interface MultipartMedia {
  schema?: { properties?: { _payload?: { examples?: unknown[] } } }
}
interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: {
          content?: Record<string, unknown> & { 'multipart/form-data'?: MultipartMedia }
        }
      }
    >
  >
}
interface PostmanItem {
  name: string
  item?: PostmanItem[]
  request?: {
    method: string
    header?: { key: string; value: string }[]
    url: { path?: string[] }
    body?: {
      mode: string
      raw?: string
      formdata?: { key: string; type?: string; value?: unknown; src?: string }[]
    }
  }
}

/**
 * `POST media`, `PATCH media/:id`: the multipart operations, as Postman writes their method and path, each with
 * the declared example of its `_payload`, if any.
 */
function multipartOperations(document: Document): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>()
  for (const [p, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item)) {
      const media = op?.requestBody?.content?.['multipart/form-data']
      if (!media) continue
      const example = media.schema?.properties?._payload?.examples?.[0]
      found.set(
        `${method.toUpperCase()} ${p.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1')}`,
        typeof example === 'string' ? example : undefined,
      )
    }
  return found
}

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * The document of a request: where the operation takes multipart only, Portman wrote form data from the
 * multipart schema, with random text as `_payload` (a string property to it), so the declared example instead,
 * except in a variation that means to send an invalid body; else the JSON body it wrote.
 */
function payloadOf(item: PostmanItem, example: string | undefined): string {
  const body = item.request?.body
  const part = body?.formdata?.find((p) => p.key === '_payload')
  if (typeof part?.value === 'string')
    return isJson(part.value) || item.name.includes('[invalid') || !example ? part.value : example
  const raw = body?.raw
  if (raw === undefined) return '{}'
  try {
    const body: unknown = JSON.parse(raw)
    if (body && typeof body === 'object' && '_payload' in body && typeof body._payload === 'string')
      return body._payload
  } catch {
    // not JSON: a variation's invalid body, sent as it is
  }
  return raw
}

/** Rewrites the collection's requests of multipart operations in place; returns how many it rewrote. */
export function multipartUploads(collection: { item: PostmanItem[] }, document: Document): number {
  const operations = multipartOperations(document)
  let rewritten = 0
  const walk = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) walk(item.item)
      const request = item.request
      const key = request && `${request.method} ${(request.url.path ?? []).join('/')}`
      if (!request || !key || !operations.has(key)) continue
      request.body = {
        mode: 'formdata',
        formdata: [
          { key: '_payload', type: 'text', value: payloadOf(item, operations.get(key)) },
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
