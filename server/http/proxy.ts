/**
 * Behind N trusted proxies the client is the address the outermost of them saw: the N-th entry from the right
 * of X-Forwarded-For. Entries further left are whatever the client wrote, so never trusted (rate limits).
 */
/** Proxy hops to trust for the client address: `TRUST_PROXY` = a number of hops, or `true` for one. */
export function trustedProxyHops(value = process.env.TRUST_PROXY): number {
  if (!value || value === 'false') return 0
  if (value === 'true') return 1
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0)
    throw new Error(
      `TRUST_PROXY must be true, false or a number of proxy hops; got ${JSON.stringify(value)}.`,
    )
  return hops
}
