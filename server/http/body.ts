import type { IncomingMessage } from 'node:http'
import { APIError } from '../errors/api-error.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { deeperThan } from '../utilities/json-depth.ts'

/** Reading and parsing request bodies within bounds: a size limit (413) and a nesting limit (400). */

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const MAX_JSON_DEPTH = 64

const tooLarge = (limit: number) =>
  new APIError(`The request body is larger than ${limit} bytes.`, 413, {
    code: 'PAYLOAD_TOO_LARGE',
  })

/** The raw body, refused (413) as soon as it is declared or read past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw tooLarge(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    // Buffers, as long as nothing sets an encoding on the request.
    if (!Buffer.isBuffer(chunk)) throw new Error('A request body chunk is not a Buffer.')
    size += chunk.length
    if (size > limit) throw tooLarge(limit)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** The body as JSON (undefined when empty): 400 for another content type, invalid JSON, or nesting past the limit. */
export function parseJson(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new BadRequest(
      `The request body must be JSON (Content-Type: application/json); got ${contentType}.`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(raw.toString('utf8'))
  } catch (error) {
    // Payload's wording; the parser's reason (where it stopped) goes in data.
    throw new BadRequest('Invalid JSON', {
      reason: `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    })
  }
  if (deeperThan(value, MAX_JSON_DEPTH))
    throw new BadRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`)
  return value
}
