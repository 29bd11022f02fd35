import { maxHeaderSize, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { isRecord } from '../utilities/is-record.ts'

/**
 * Requests Node's HTTP parser refuses before any route sees them (`clientError`): an invalid character in a
 * header (a control character other than tab, DEL), an invalid header name, a malformed request line or version,
 * a bad chunked body, a request line and headers over `maxHeaderSize` (16 KiB by default, the URL included).
 * Node alone answers these with a bare status; here they get the CMS error body `{ errors: [{ name, message }] }`
 * like every other error, then the connection closes (the parser cannot go on reading it). The route is not
 * known yet (the parser stopped inside the request), so the body is the same on every path, `/v1` included.
 */
const REFUSALS: Record<string, { status: number; reason: string; name: string; message: string }> =
  {
    HPE_HEADER_OVERFLOW: {
      status: 431,
      reason: 'Request Header Fields Too Large',
      name: 'RequestHeaderFieldsTooLarge',
      message:
        'The request line and headers are too large (over {max} bytes together): shorten the URL (query string) or the headers.',
    },
    HPE_CHUNK_EXTENSIONS_OVERFLOW: {
      status: 413,
      reason: 'Payload Too Large',
      name: 'PayloadTooLarge',
      message: 'The chunk extensions of the body are too large.',
    },
    ERR_HTTP_REQUEST_TIMEOUT: {
      status: 408,
      reason: 'Request Timeout',
      name: 'RequestTimeout',
      message: 'The request was not received in time.',
    },
  }

/** The raw HTTP/1.1 response for a parser error `code`. */
function clientErrorResponse(code: string | undefined, reason: string, maxHeaderSize: number) {
  const refusal = REFUSALS[code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    name: 'BadRequest',
    message: `Malformed HTTP request: ${reason}.`,
  }
  const body = JSON.stringify({
    errors: [
      { name: refusal.name, message: refusal.message.replace('{max}', String(maxHeaderSize)) },
    ],
  })
  return (
    `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    body
  )
}

/** Node's parser reasons read "Parse Error: Invalid header value char": the part after the prefix, bounded. */
function reasonOf(error: Error & { reason?: string }): string {
  const text = (error.reason ?? error.message).replace(/^Parse Error:\s*/, '')
  return text.slice(0, 200) || 'the request could not be parsed'
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string; reason?: string }, socket: Socket) => {
    // As Node's own handler: answer only while nothing of a response went out on this socket (a pipelined or
    // in-flight request's answer must not be corrupted), and never on a connection the peer reset.
    // Node's own (private) reference from the socket to the response being written on it.
    const inFlight = '_httpMessage' in socket ? socket._httpMessage : undefined
    const headersSent = isRecord(inFlight) && Boolean(inFlight.headersSent)
    if (error.code !== 'ECONNRESET' && socket.writable && !headersSent) {
      socket.end(clientErrorResponse(error.code, reasonOf(error), maxHeaderSize))
      // end() lets the client read the answer; a peer that never closes its side is cut after a second.
      setTimeout(() => socket.destroy(), 1000).unref()
      return
    }
    socket.destroy()
  })
}
