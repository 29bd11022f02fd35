import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { isRecord } from '../utilities/is-record.ts'

/**
 * Browser assets served from npm packages (the playground, the API reference): no CDN. Files are read by path
 * from the package folder (package `exports` rarely list UMD builds) and kept in memory after the first read.
 */
export interface PackageAsset {
  pkg: string
  file: string
  type: string
}

const require = createRequire(import.meta.url)
const cache = new Map<string, Buffer>()

async function packageRoot(name: string): Promise<string> {
  let dir = path.dirname(require.resolve(name))
  for (;;) {
    try {
      const pkg: unknown = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'))
      if (isRecord(pkg) && pkg.name === name) return dir
    } catch {
      /* keep walking up */
    }
    const up = path.dirname(dir)
    if (up === dir) throw new Error(`package ${name} not found`)
    dir = up
  }
}

/** `/assets/<name>` below a page's route → that asset, or undefined for any other path. */
export async function assetFor(
  rest: string,
  assets: Record<string, PackageAsset>,
): Promise<{ type: string; body: Buffer } | undefined> {
  const m = /^\/assets\/([\w.-]+)$/.exec(rest)
  const asset = m && Object.hasOwn(assets, m[1]) ? assets[m[1]] : undefined
  if (!asset) return undefined
  const key = `${asset.pkg}/${asset.file}`
  let body = cache.get(key)
  if (!body) {
    body = await readFile(path.join(await packageRoot(asset.pkg), asset.file))
    cache.set(key, body)
  }
  return { type: asset.type, body }
}

/** A served page: its HTML and the headers that lock it down. */
export interface Page {
  type: string
  body: Buffer
  headers?: Record<string, string>
}

/**
 * An HTML page whose one inline script is allowed by its hash: scripts only from this server, no framing
 * (`frame-ancestors 'none'` and `X-Frame-Options`), requests only to this server. Styles allow 'unsafe-inline'
 * because Swagger UI and GraphiQL set style attributes at run time; images and fonts may be data: URLs.
 */
/**
 * The Content-Security-Policy of a page this server serves: everything from this origin only, no plugins, no
 * framing, no `<base>`; the page's differences are its one inline script (by hash), inline styles, and the
 * extra image and font sources it needs.
 */
export function contentSecurityPolicy(page: {
  inlineScriptHash?: string
  inlineStyles?: boolean
  images?: string[]
  fonts?: string[]
}): string {
  const self = (extra: string[] = []) => ["'self'", ...extra].join(' ')
  return [
    "default-src 'self'",
    `script-src ${self(page.inlineScriptHash ? [`'sha256-${page.inlineScriptHash}'`] : [])}`,
    `style-src ${self(page.inlineStyles ? ["'unsafe-inline'"] : [])}`,
    `img-src ${self(page.images)}`,
    `font-src ${self(page.fonts)}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securePage(html: string, inlineScript: string): Page {
  const csp = contentSecurityPolicy({
    inlineScriptHash: createHash('sha256').update(inlineScript).digest('base64'),
    inlineStyles: true,
    images: ['data:'],
    fonts: ['data:'],
  })
  return {
    type: 'text/html; charset=utf-8',
    body: Buffer.from(html),
    headers: {
      'Content-Security-Policy': csp,
      'X-Frame-Options': 'DENY',
      // Not `no-referrer`: under it a same-origin POST carries `Origin: null` (the Fetch standard) or nothing
      // (Chromium without web security), and the CSRF check refused every query a logged-in developer ran in
      // the playground (issue 57). `same-origin` sends the page's address to this server only (a Referer the
      // check accepts) and nothing to any other site; the check itself is unchanged.
      'Referrer-Policy': 'same-origin',
    },
  }
}
