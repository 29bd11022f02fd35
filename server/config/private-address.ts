import { isIP } from 'node:net'

/**
 * Whether an IP address is not a public unicast one, so a webhook must not reach it unless the config allows
 * private targets (SSRF, docs/webhooks.md): loopback, private (RFC 1918), link-local, unique-local, CGNAT,
 * unspecified, multicast, broadcast and reserved ranges, and IPv4 addresses written as IPv6 (mapped or NAT64).
 */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address)
  if (kind === 4) return privateV4(v4Bytes(address))
  if (kind === 6) return privateV6(address.toLowerCase())
  return true // not an address at all: refuse
}

const v4Bytes = (a: string): number[] => a.split('.').map(Number)

function privateV4([a, b]: number[]): boolean {
  return (
    a === 0 || // unspecified, "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT 100.64/10
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, 192.0.0/24 and TEST-NET-1 192.0.2/24
    (a === 198 && (b === 18 || b === 19)) || // benchmarking 198.18/15
    a >= 224 // multicast, reserved, broadcast
  )
}

/** The 8 groups of an IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function v6Groups(address: string): number[] {
  let text = address.split('%')[0]
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4Bytes(v4[1])
    text =
      text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const h = parse(head)
  const t = parse(tail)
  return tail === undefined
    ? h
    : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t]
}

function privateV6(address: string): boolean {
  const g = v6Groups(address)
  const first = g[0]
  const zeroes = (n: number) => g.slice(0, n).every((x) => x === 0)
  const tailV4 = () => [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]
  if (zeroes(7) && (g[7] === 0 || g[7] === 1)) return true // :: and ::1
  if (zeroes(5) && g[5] === 0xffff) return privateV4(tailV4()) // ::ffff:a.b.c.d, mapped
  if (zeroes(6)) return true // ::a.b.c.d, the deprecated compatible form
  if (first === 0x64 && g[1] === 0xff9b) return privateV4(tailV4()) // NAT64 64:ff9b::/96
  return (
    (first & 0xfe00) === 0xfc00 || // unique-local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated) fec0::/10
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && g[1] === 0xdb8) || // documentation
    first === 0x2002 // 6to4 wraps an IPv4 address that is not checked here
  )
}
