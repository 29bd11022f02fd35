import { lookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { isPrivateAddress } from '../../config/private-address.ts'
import { signature } from './sign.ts'
import type { Subscription } from './subscriptions.ts'

/** What one POST came to: a status code, or an error (refused target, DNS, connection, timeout). */
export type AttemptResult =
  { statusCode: number; error?: string } | { statusCode: null; error: string }

/** A target the SSRF rule refuses: recorded on the delivery as its error. */
class RefusedTarget extends Error {}

/**
 * Resolves the host once and checks every address it has: with `allowPrivate` false, any loopback, private,
 * link-local or otherwise non-public address refuses the target. The connection then goes to the checked address
 * (the `lookup` option answers with it), so a second resolution cannot swap in another (DNS rebinding).
 */
async function pinnedLookup(host: string, allowPrivate: boolean): Promise<LookupFunction> {
  const bare = host.replace(/^\[|\]$/g, '')
  const addresses = await lookup(bare, { all: true, verbatim: true })
  if (addresses.length === 0) throw new RefusedTarget(`${bare} has no address`)
  if (!allowPrivate) {
    const bad = addresses.find((a) => isPrivateAddress(a.address))
    if (bad)
      throw new RefusedTarget(
        `refused: ${bare} resolves to ${bad.address}, a private or loopback address (webhooks.allowPrivateTargets is false)`,
      )
  }
  const chosen = addresses[0]
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: chosen.address, family: chosen.family }])
    else callback(null, chosen.address, chosen.family)
  }
}

/**
 * POSTs one delivery: `content-type: application/json`, the endpoint's headers, then `webhook-id` (the event id,
 * the same on every attempt), `webhook-timestamp` (this attempt's unix seconds) and `webhook-signature`.
 */
export async function post(
  sub: Subscription,
  delivery: { eventId: string; payload: string },
  { allowPrivate, timeout }: { allowPrivate: boolean; timeout: number },
): Promise<AttemptResult> {
  const url = new URL(sub.url)
  let pinned: LookupFunction
  try {
    pinned = await pinnedLookup(url.hostname, allowPrivate)
  } catch (e) {
    return { statusCode: null, error: e instanceof Error ? e.message : String(e) }
  }
  const timestamp = Math.floor(Date.now() / 1000)
  const options: RequestOptions = {
    method: 'POST',
    lookup: pinned,
    timeout,
    headers: {
      ...sub.headers,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(delivery.payload),
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(sub.secret, delivery.eventId, timestamp, delivery.payload),
    },
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    let req: ReturnType<typeof send>
    try {
      req = send(url, options, onResponse)
    } catch (e) {
      // Thrown before anything was sent (a header Node refuses: ERR_INVALID_CHAR): a failed attempt, counted and
      // backed off like any other, never a claim left hanging.
      resolve({ statusCode: null, error: e instanceof Error ? e.message : String(e) })
      return
    }
    function onResponse(res: IncomingMessage) {
      res.resume() // the body is not read: only the status counts
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0 }))
      res.on('error', (e) => resolve({ statusCode: res.statusCode ?? 0, error: e.message }))
    }
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeout} ms`)))
    req.on('error', (e) => resolve({ statusCode: null, error: e.message }))
    req.end(delivery.payload)
  })
}
