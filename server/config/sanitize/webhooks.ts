/** `config.webhooks` and the `webhooks` of collections and globals (docs/webhooks.md): startup errors naming the key. */
import { ConfigError } from '../../errors/config-error.ts'
import {
  collectionActions,
  collectionEventType,
  emitsEvents,
  globalActions,
  globalEventType,
} from '../events.ts'
import { isPrivateAddress } from '../private-address.ts'
import type { Config, SanitizedCollection, SanitizedGlobal, WebhookEndpoint } from '../types.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** Headers a delivery sets itself: an endpoint's `headers` may not replace them. */
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'host',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  // Hop-by-hop and framing headers (RFC 9110 7.6.1, 6.1): they would change how the request is sent, not what.
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
])

/** An RFC 9110 field value (5.5) of visible ASCII, spaces and tabs: no control characters, nothing past 0x7E. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/

/** The smallest secret Standard Webhooks accepts: 24 bytes (192 bits) after `whsec_`. */
const MIN_SECRET_BYTES = 24

/** Checks every webhook option; throws a ConfigError naming the first bad key. */
export function checkWebhooks(
  input: Config,
  collections: SanitizedCollection[],
  globals: SanitizedGlobal[],
): void {
  const root = input.webhooks
  if (root !== undefined && !isObject(root)) throw new ConfigError('webhooks must be an object.')
  const allowPrivate = root?.allowPrivateTargets ?? false
  if (typeof allowPrivate !== 'boolean')
    throw new ConfigError('webhooks.allowPrivateTargets must be true or false.')
  if (root?.worker !== undefined && typeof root.worker !== 'boolean')
    throw new ConfigError('webhooks.worker must be true or false.')
  for (const key of [
    'maxSubscriptions',
    'maxSubscriptionsPerOwner',
    'maxAttempts',
    'retryBaseDelay',
    'retryMaxDelay',
    'timeout',
    'pollInterval',
    'lease',
  ] as const) {
    const v: unknown = root?.[key]
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v > 0))
      throw new ConfigError(`webhooks.${key} must be a positive integer; got ${JSON.stringify(v)}.`)
  }
  const all = [
    ...collections
      .filter(emitsEvents)
      .flatMap((c) => collectionActions(c).map((a) => collectionEventType(c.slug, a))),
    ...globals.flatMap((g) => globalActions(g).map((a) => globalEventType(g.slug, a))),
  ]
  const allActions = new Set<string>([
    ...collections.filter(emitsEvents).flatMap(collectionActions),
    'updated',
  ])
  checkList(root?.endpoints, 'webhooks.endpoints', {
    types: all,
    actions: allActions,
    allowPrivate,
    where: false,
  })
  for (const c of collections) {
    if (c.webhooks === undefined) continue
    const at = `collections[${c.slug}].webhooks`
    if (!emitsEvents(c)) throw new ConfigError(`${at}: the CMS's own collections emit no events.`)
    const actions = collectionActions(c)
    checkList(c.webhooks, at, {
      types: actions.map((a) => collectionEventType(c.slug, a)),
      actions: new Set(actions),
      allowPrivate,
      where: true,
    })
  }
  for (const g of globals) {
    if (g.webhooks === undefined) continue
    const actions = globalActions(g)
    checkList(g.webhooks, `globals[${g.slug}].webhooks`, {
      types: actions.map((a) => globalEventType(g.slug, a)),
      actions: new Set(actions),
      allowPrivate,
      where: false,
    })
  }
}

interface Scope {
  /** The event types the endpoint may name. */
  types: string[]
  /** The bare actions it may name. */
  actions: Set<string>
  allowPrivate: boolean
  /** Whether `where` is allowed (endpoints of one collection). */
  where: boolean
}

function checkList(list: unknown, at: string, scope: Scope): void {
  if (list === undefined) return
  if (!Array.isArray(list)) throw new ConfigError(`${at} must be a list of endpoints.`)
  list.forEach((e: unknown, i) => {
    if (!isObject(e)) throw new ConfigError(`${at}[${i}] must be an object with url and secret.`)
    checkEndpoint(e as unknown as WebhookEndpoint, `${at}[${i}]`, scope)
  })
}

function checkEndpoint(e: WebhookEndpoint, at: string, scope: Scope): void {
  checkUrl(e.url, `${at}.url`, scope.allowPrivate)
  checkSecret(e.secret, `${at}.secret`)
  if (e.events !== undefined) {
    if (!Array.isArray(e.events) || e.events.length === 0)
      throw new ConfigError(`${at}.events must be a non-empty list of event types or actions.`)
    for (const [i, t] of e.events.entries())
      if (typeof t !== 'string' || !(scope.types.includes(t) || scope.actions.has(t)))
        throw new ConfigError(
          `${at}.events[${i}]: ${JSON.stringify(t)} is not an event here; use one of ${scope.types.join(', ')} or a bare action (${[...scope.actions].join(', ')}).`,
        )
  }
  if (e.where !== undefined) {
    if (!scope.where)
      throw new ConfigError(`${at}.where: a filter is allowed only on a collection's own webhooks.`)
    if (!isObject(e.where)) throw new ConfigError(`${at}.where must be a Where object.`)
  }
  const problem = headersProblem(e.headers)
  if (problem) throw new ConfigError(`${at}.headers${problem}`)
}

/** What is wrong with an endpoint's `headers` (suffixed to the key), or undefined. */
export function headersProblem(headers: unknown): string | undefined {
  if (headers === undefined || headers === null) return undefined
  if (!isObject(headers)) return ' must be an object of strings.'
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(name))
      return `.${name} must be a header name with a string value.`
    if (!FIELD_VALUE.test(value))
      return `.${name} must be a header value of visible ASCII, spaces and tabs (RFC 9110 field value): no control characters.`
    if (RESERVED_HEADERS.has(name.toLowerCase()))
      return `.${name}: this header is set by the delivery itself.`
  }
  return undefined
}

function checkUrl(url: unknown, at: string, allowPrivate: boolean): void {
  const problem = urlProblem(url, allowPrivate)
  if (problem) throw new ConfigError(`${at} ${problem}`)
}

/** What is wrong with a webhook URL (an http or https URL, no credentials, no literal private IP), or undefined. */
export function urlProblem(url: unknown, allowPrivate: boolean): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(String(url))
  } catch {
    return `must be an absolute http or https URL; got ${JSON.stringify(url)}.`
  }
  if (typeof url !== 'string' || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    return `must be an http or https URL; got ${JSON.stringify(url)}.`
  if (parsed.username || parsed.password) return 'must not carry credentials; use headers.'
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && literalPrivate(host))
    return `must not be a private or loopback address (${host}); webhooks refuse it unless webhooks.allowPrivateTargets is true.`
  return undefined
}

const literalPrivate = (host: string) => /^[\d.]+$|:/.test(host) && isPrivateAddress(host)

function checkSecret(secret: unknown, at: string): void {
  if (!isSecret(secret)) throw new ConfigError(`${at} ${SECRET_RULE}`)
}

export const SECRET_RULE = `must be a Standard Webhooks secret: "whsec_" and the base64 of at least ${MIN_SECRET_BYTES} random bytes.`

/** Whether `secret` is `whsec_` and the base64 of at least 24 bytes. */
export function isSecret(secret: unknown): boolean {
  const bytes =
    typeof secret === 'string' && /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)
      ? Buffer.from(secret.slice(6), 'base64').length
      : 0
  return bytes >= MIN_SECRET_BYTES
}
