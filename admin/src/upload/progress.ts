/**
 * Upload progress. `fetch` reports none of a request body's sending, so the admin's client sends a multipart
 * request (a write with a file: `sdk/upload.ts`) with XMLHttpRequest, whose `upload.onprogress` is reported to
 * the listeners here (the file panel's `<progress>`), and answers a real `Response` the SDK reads as any other.
 */
import { t } from '../i18n.ts'

export interface UploadProgress {
  loaded: number
  total: number
  /** Whole percent, 0–100. */
  percent: number
  done: boolean
}

type Listener = (progress: UploadProgress) => void
const listeners = new Set<Listener>()

/** Listens to the progress of multipart writes; returns the unsubscribe. */
export function onUploadProgress(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function report(loaded: number, total: number, done = false) {
  const percent = done ? 100 : total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0
  const progress = { loaded, total, percent, done }
  for (const listener of listeners) listener(progress)
}

/** Whether a request carries a multipart body (the SDK's writes with a file). */
export const isMultipart = (request: Request): boolean =>
  /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')

function responseHeaders(raw: string): Headers {
  const headers = new Headers()
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':')
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
  }
  return headers
}

/** Statuses whose answer has no body (a `Response` with one would throw). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

/** Headers the browser sets itself (XMLHttpRequest refuses them with a console warning). */
const FORBIDDEN =
  /^(content-length|cookie|cookie2|host|connection|keep-alive|origin|referer|te|trailer|transfer-encoding|upgrade|via|expect|date|dnt|accept-charset|accept-encoding|access-control-request-.*|proxy-.*|sec-.*)$/i

/**
 * `fetch` for a multipart `Request` through XMLHttpRequest: the same method, URL, headers (the boundary's
 * Content-Type among them), body bytes and cookies; progress reported as it is sent.
 */
export async function xhrFetch(request: Request): Promise<Response> {
  const body = await request.blob()
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, request.url)
    xhr.responseType = 'blob'
    xhr.withCredentials = request.credentials !== 'omit'
    request.headers.forEach((value, name) => {
      if (!FORBIDDEN.test(name)) xhr.setRequestHeader(name, value)
    })
    report(0, body.size)
    xhr.upload.onprogress = (e) => report(e.loaded, e.lengthComputable ? e.total : body.size)
    xhr.upload.onload = () => report(body.size, body.size, true)
    xhr.onload = () => {
      const status = xhr.status
      resolve(
        new Response(NULL_BODY.has(status) ? null : (xhr.response as Blob), {
          status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      )
    }
    xhr.onerror = () => reject(new TypeError(t('cms:uploadNetworkFailed')))
    xhr.onabort = () => reject(new DOMException(t('cms:uploadAborted'), 'AbortError'))
    xhr.ontimeout = () => reject(new TypeError(t('cms:uploadTimedOut')))
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}
