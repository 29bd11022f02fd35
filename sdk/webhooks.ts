/**
 * Verifying the webhooks the CMS delivers (the contract's top-level `webhooks`): Standard Webhooks signatures,
 * checked with WebCrypto (`globalThis.crypto.subtle`, HMAC-SHA256), so it runs unchanged in browsers, Node,
 * Deno, Bun and edge runtimes. No Node imports, no server code.
 *
 * @example
 * // A Koa / Express / Next route handler, with the raw body (the signature covers the bytes as sent):
 * const event = await verifyWebhook(process.env.WEBHOOK_SECRET!, request.headers, rawBody)
 * switch (event.type) {
 *   case 'posts.published':
 *     console.log(event.data.doc.title) // typed: the Post document at depth 0
 * }
 */
import type { WebhookEvent } from '../generated/sdk/map.ts'

export type { WebhookEvent }
/** Every event type of the config: `posts.created`, `globals.site-settings.updated`, … */
export type WebhookEventType = WebhookEvent['type']
/** The event of one type: `WebhookEventOf<'posts.created'>['data']['doc']` is a `Post`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>

/** Why a delivery was refused. */
export type WebhookVerificationReason =
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or empty (see `header`). */
  | 'missing-header'
  /** `webhook-timestamp` is not an integer number of seconds. */
  | 'invalid-timestamp'
  /** Signed longer ago than the tolerance (a replay, or a clock far behind). */
  | 'timestamp-too-old'
  /** Signed further in the future than the tolerance (a clock far ahead). */
  | 'timestamp-too-new'
  /** No `v1` signature of the header matches the body under this secret. */
  | 'invalid-signature'
  /** The secret is not `whsec_<base64>` (or plain base64). */
  | 'invalid-secret'
  /** The signature matched, but the body is not a JSON event (`{ type, timestamp, data }`). */
  | 'invalid-body'

/** A delivery that must not be trusted: `reason` says why (and `header` which header, when one is missing). */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason
  readonly header?: string
  constructor(reason: WebhookVerificationReason, message: string, header?: string) {
    super(message)
    this.name = 'WebhookVerificationError'
    this.reason = reason
    if (header !== undefined) this.header = header
  }
}

/** Request headers as a `Headers` object (fetch, edge runtimes) or a plain record (Node's `IncomingHttpHeaders`). */
export type WebhookHeaders =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>

export interface VerifyWebhookOptions {
  /** How far (seconds) the signing time may be from now, either way. Default 300 (Standard Webhooks' 5 minutes). */
  toleranceSeconds?: number
  /** The time to check against (default: the clock). */
  now?: Date | number
}

const SECRET_PREFIX = 'whsec_'
const DEFAULT_TOLERANCE = 5 * 60

function header(headers: WebhookHeaders, name: string): string {
  let value: string | readonly string[] | null | undefined
  if (typeof (headers as Headers).get === 'function') value = (headers as Headers).get(name)
  else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>
    const key = Object.keys(record).find((k) => k.toLowerCase() === name)
    value = key === undefined ? undefined : record[key]
  }
  const text = typeof value === 'string' ? value : value?.join(' ')
  if (!text || !text.trim())
    throw new WebhookVerificationError('missing-header', `The ${name} header is missing.`, name)
  return text.trim()
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return undefined
  }
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  const bytes = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(6) : secret)
  if (!bytes || !bytes.length)
    throw new WebhookVerificationError(
      'invalid-secret',
      'The webhook secret is not `whsec_` followed by base64.',
    )
  return globalThis.crypto.subtle.importKey(
    'raw',
    bytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
}

/** The signing time, checked against the clock: seconds since the epoch. */
function checkTimestamp(text: string, options: VerifyWebhookOptions): void {
  if (!/^[0-9]{1,12}$/.test(text))
    throw new WebhookVerificationError(
      'invalid-timestamp',
      'The webhook-timestamp header is not a Unix time in seconds.',
      'webhook-timestamp',
    )
  const now = Math.floor(Number(options.now ?? Date.now()) / 1000)
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE
  const signed = Number(text)
  if (now - signed > tolerance)
    throw new WebhookVerificationError(
      'timestamp-too-old',
      `The webhook was signed ${now - signed} s ago (more than ${tolerance} s).`,
    )
  if (signed - now > tolerance)
    throw new WebhookVerificationError(
      'timestamp-too-new',
      `The webhook was signed ${signed - now} s in the future (more than ${tolerance} s).`,
    )
}

/** `<id>.<timestamp>.` followed by the body's bytes, exactly as received. */
function signedContent(
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder()
  const prefix = encoder.encode(`${id}.${timestamp}.`)
  const bytes = typeof body === 'string' ? encoder.encode(body) : body
  const out = new Uint8Array(prefix.length + bytes.length)
  out.set(prefix)
  out.set(bytes, prefix.length)
  return out
}

/**
 * Verifies a delivery and returns its event, typed by the contract: the `webhook-*` headers must be present, the
 * timestamp within the tolerance of now, and one `v1` signature of `webhook-signature` the HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` under the secret (`whsec_<base64>`, as the subscription shows it).
 * `body` is the raw request body (a string or its bytes), never a re-serialised object. Signatures are compared
 * by WebCrypto's `verify`, in constant time. Throws `WebhookVerificationError` otherwise.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  checkTimestamp(timestamp, options)
  const key = await hmacKey(secret)
  const content = signedContent(id, timestamp, body)
  let valid = false
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',', 2)
    const bytes = version === 'v1' && signature ? fromBase64(signature) : undefined
    // Every candidate is checked (no early exit), each in constant time.
    if (bytes && (await globalThis.crypto.subtle.verify('HMAC', key, bytes, content))) valid = true
  }
  if (!valid)
    throw new WebhookVerificationError(
      'invalid-signature',
      'No signature of the webhook-signature header matches the body.',
    )
  return parseEvent(typeof body === 'string' ? body : new TextDecoder().decode(body))
}

function parseEvent(text: string): WebhookEvent {
  let event: unknown
  try {
    event = JSON.parse(text)
  } catch {
    event = undefined
  }
  const e = event as { type?: unknown; timestamp?: unknown; data?: unknown } | undefined
  if (
    !e ||
    typeof e !== 'object' ||
    typeof e.type !== 'string' ||
    typeof e.timestamp !== 'string' ||
    !e.data ||
    typeof e.data !== 'object'
  )
    throw new WebhookVerificationError(
      'invalid-body',
      'The webhook body is not an event (`{ type, timestamp, data }`).',
    )
  return event as WebhookEvent
}

/** Narrows a verified event to one type: `if (isWebhookEvent(event, 'posts.created')) event.data.doc`. */
export function isWebhookEvent<T extends WebhookEventType>(
  event: WebhookEvent,
  type: T,
): event is WebhookEventOf<T> {
  return event.type === type
}
