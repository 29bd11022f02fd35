/**
 * Files fetched from other servers for `upload.pasteURL` (issue 34), safe against server-side request forgery:
 * only URLs of the collection's allow-list, each address checked after DNS resolution (loopback, private,
 * link-local, multicast and reserved ranges refused unless the allow-list names that address itself or
 * `skipSafeFetch` covers the URL), the checked address is the one connected to (no second resolution to rebind),
 * redirects only within the same origin and the allow-list, a size cap while reading and a timeout. The body is
 * streamed to a temporary file, never held in memory.
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import dns from 'node:dns'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { AllowList } from '../config/upload.ts'
import { APIError } from '../errors/api-error.ts'
import { BadRequest } from '../errors/bad-request.ts'

/** Addresses a fetch never reaches unless configured to: everything but public unicast. */
const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 127], // :: and ::1
  ['::ffff:0:0', 96], // IPv4-mapped: refused whole rather than unwrapped
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6')

/** Whether an address is public unicast (the only kind a fetch reaches by default). */
export const isPublicAddress = (address: string) => {
  const family = isIP(address)
  return family !== 0 && !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1')

/** Payload's `isURLAllowed`: an item matches when every key it sets matches (`pathname` with `*` and `**`). */
export function allowedBy(url: URL, list: AllowList): AllowList[number] | undefined {
  return list.find((item) =>
    Object.entries(item).every(([key, value]) => {
      if (!value) return true
      if (key === 'protocol') return url.protocol === `${value}:`
      if (key === 'pathname') return globMatch(String(value), url.pathname)
      if (key === 'hostname') return unbracket(url.hostname) === unbracket(String(value))
      return url[key as 'port' | 'search'] === value
    }),
  )
}

/**
 * Payload's pathname patterns: `*` matches within one segment, `**` across segments, and a trailing `/` is
 * optional. Matched directly (patterns come from the config, paths from one URL), not compiled to a RegExp.
 */
function globMatch(pattern: string, path: string): boolean {
  if (pattern.length > 1 && pattern.endsWith('/') && path === pattern.slice(0, -1)) return true
  const from = (i: number, j: number): boolean => {
    if (i === pattern.length) return j === path.length
    if (pattern.startsWith('**', i)) {
      for (let k = j; k <= path.length; k++) if (from(i + 2, k)) return true
      return false
    }
    if (pattern[i] === '*') {
      for (let k = j; k <= path.length && (k === j || path[k - 1] !== '/'); k++)
        if (from(i + 1, k)) return true
      return false
    }
    return j < path.length && pattern[i] === path[j] && from(i + 1, j + 1)
  }
  return from(0, 0)
}

export interface RemoteOptions {
  /** `upload.pasteURL.allowList`. */
  allowList: AllowList
  /** `upload.skipSafeFetch`: private addresses allowed for every URL (true) or for the URLs of a list. */
  skipSafeFetch?: boolean | AllowList
  /** Largest body accepted (the collection's `limits.fileSize`). */
  maxBytes: number
  /** The error of a body over `maxBytes` (the caller's 413). */
  tooLarge: () => Error
  timeoutMs?: number
  /** For messages: `Collection "media"`. */
  where: string
}

/** A fetched file in a temporary folder (removed by `cleanup`). */
export interface RemoteFile {
  path: string
  /** The last segment of the URL's path, decoded (the caller makes it safe). */
  name: string
  size: number
  cleanup: () => Promise<void>
}

const refuse = (message: string) => new BadRequest(message, [{ path: 'url' }])
const MAX_REDIRECTS = 3

/** A DNS lookup that refuses non-public addresses, so the checked address is the one connected to. */
const guardedLookup =
  (url: URL): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const done = callback as (e: Error | null, a?: unknown, f?: number) => void
      if (error) return done(error)
      const bad = addresses.find((a) => !isPublicAddress(a.address))
      if (bad)
        return done(
          refuse(
            `${url.host} resolves to ${bad.address}, a private or reserved address; files are fetched from public addresses only (name the address in upload.pasteURL.allowList, or set upload.skipSafeFetch).`,
          ),
        )
      if (options.all) return done(null, addresses)
      done(null, addresses[0]?.address, addresses[0]?.family)
    })
  }

/** Whether the fetch of `url` may reach private addresses: its allow-list item names an address, or skipSafeFetch. */
function trusted(url: URL, item: AllowList[number], skip: RemoteOptions['skipSafeFetch']) {
  if (isIP(unbracket(item.hostname))) return true
  return skip === true || (Array.isArray(skip) && allowedBy(url, skip) !== undefined)
}

function get(url: URL, safe: boolean, signal: AbortSignal): Promise<http.IncomingMessage> {
  const host = unbracket(url.hostname)
  if (safe && isIP(host) && !isPublicAddress(host))
    throw refuse(
      `${url.host} is a private or reserved address; files are fetched from public addresses only.`,
    )
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.get(url, {
      headers: { 'accept-encoding': 'identity', 'user-agent': 'contract-cms' },
      signal,
      // A fresh connection each time: a pooled socket, opened by a fetch the guard did not cover, skips the lookup.
      agent: false,
      ...(safe && { lookup: guardedLookup(url) }),
    })
    req.on('response', resolve).on('error', reject)
  })
}

/** The response of `src` after the allowed redirects (same origin, on the allow-list, at most 3). */
async function follow(src: URL, options: RemoteOptions, signal: AbortSignal) {
  let url = src
  for (let hop = 0; ; hop++) {
    const item = allowedBy(url, options.allowList)
    if (!item)
      throw refuse(
        `${url.href} is not allowed: no entry of ${options.where}'s upload.pasteURL.allowList matches it.`,
      )
    const res = await get(url, !trusted(url, item, options.skipSafeFetch), signal)
    const location = res.headers.location
    if (res.statusCode === undefined || res.statusCode < 300 || res.statusCode >= 400 || !location)
      return { res, url }
    res.resume()
    const next = new URL(location, url)
    if (next.origin !== url.origin)
      throw refuse(`${url.href} redirects to another host (${next.host}), which is not followed.`)
    if (hop + 1 > MAX_REDIRECTS) throw refuse(`${src.href} redirects more than 3 times.`)
    url = next
  }
}

/** Fetches `href` under the rules above into a temporary file; a refusal or failure is a 400 on `url`. */
export async function fetchRemote(href: string, options: RemoteOptions): Promise<RemoteFile> {
  let src: URL
  try {
    src = new URL(href)
  } catch {
    throw refuse(`url must be an absolute http or https URL; ${JSON.stringify(href)} is not.`)
  }
  if (src.protocol !== 'http:' && src.protocol !== 'https:')
    throw refuse(`url must be an http or https URL; ${src.protocol} is not fetched.`)
  if (fileName(src) === undefined)
    throw refuse(
      `url must name its file in percent-encoded UTF-8; ${JSON.stringify(src.pathname.split('/').pop())} is not.`,
    )
  const signal = AbortSignal.timeout(options.timeoutMs ?? 30_000)
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-paste-'))
  const cleanup = () => rm(dir, { recursive: true, force: true })
  try {
    const { res, url } = await follow(src, options, signal).catch((error: unknown) => {
      throw error instanceof APIError ? error : failed(src, error)
    })
    if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) {
      res.resume()
      throw refuse(`${url.href} could not be fetched: its server answered ${res.statusCode}.`)
    }
    if (Number(res.headers['content-length']) > options.maxBytes) {
      res.destroy()
      throw options.tooLarge()
    }
    const name = fileName(url) ?? 'file'
    const file = path.join(dir, 'body')
    let size = 0
    const cap = new Transform({
      transform(chunk: Buffer, _enc, next) {
        size += chunk.length
        next(size > options.maxBytes ? options.tooLarge() : null, chunk)
      },
    })
    await pipeline(res, cap, createWriteStream(file)).catch((error: unknown) => {
      throw error instanceof APIError ? error : failed(url, error)
    })
    return { path: file, name, size, cleanup }
  } catch (error) {
    await cleanup()
    throw error
  }
}

const failed = (url: URL, error: unknown) =>
  refuse(
    `${url.href} could not be fetched: ${error instanceof Error ? error.message : String(error)}.`,
  )

/** The last path segment of `url`, percent-decoded (`file` when empty); undefined when it is not valid UTF-8. */
function fileName(url: URL): string | undefined {
  try {
    return decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'file'
  } catch {
    return undefined
  }
}
