/**
 * The admin web app at `routes.admin` (default `/admin`; `admin.disable` turns it off): the files `npm install`
 * built into `admin/dist` (admin/build.ts), its description of the config at `<admin>/config.json` (the
 * contract's `x-cms-admin`, in the language of the admin's user: admin-i18n.ts), and `index.html` for every other path below it, so the app's own routes survive a
 * reload. The app talks to the API only through the generated SDK; this serves files, nothing more.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type Koa from 'koa'
import type { SanitizedConfig } from '../config/types.ts'
import type { AppState } from './state.ts'
import { contentSecurityPolicy } from './package-assets.ts'
import { previewOrigins } from '../config/live-preview.ts'
import { adminLanguage, describedInLanguages } from './admin-i18n.ts'

const DIST = path.join(path.dirname(new URL(import.meta.url).pathname), '../../admin/dist')

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
}

/** Scripts, styles and connections only to this server; no inline code at all; `blob:` images (upload previews). */
export const ADMIN_CSP = contentSecurityPolicy({ images: ['data:', 'blob:'] })

/**
 * The admin's headers. With live preview (`admin.livePreview`) the page may frame the preview's origins, and those
 * only (`frame-src`): the string URLs' origins and the `origins` listed for a URL function (config/live-preview.ts).
 */
function securityHeaders(config: SanitizedConfig): Record<string, string> {
  const frames = previewOrigins(config)
  return {
    'Content-Security-Policy': frames.length
      ? `${ADMIN_CSP}; frame-src ${frames.join(' ')}`
      : ADMIN_CSP,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  }
}

export function adminEnabled(config: SanitizedConfig): boolean {
  return config.admin?.disable !== true
}

/** Koa middleware serving the admin; any path outside `routes.admin` goes on to the API. */
export function adminApp(config: SanitizedConfig): Koa.Middleware<AppState> | undefined {
  if (!adminEnabled(config)) return undefined
  const base = config.routes.admin
  const describedIn = describedInLanguages(config)
  const headers = securityHeaders(config)
  const files = new Map<string, Buffer>()
  // The app's routes nest (`/admin/collections/posts/1`): its assets are addressed from the admin's base, once.
  let page: string | undefined
  const index = async () => {
    const html = page === undefined ? await load('index.html') : undefined
    if (html) page = html.toString().replaceAll('"./assets/', `"${base}/assets/`)
    return page
  }
  const load = async (rel: string): Promise<Buffer | undefined> => {
    let body = files.get(rel)
    if (!body) {
      body = await readFile(path.join(DIST, rel)).catch(() => undefined)
      if (body) files.set(rel, body)
    }
    return body
  }

  return async (ctx, next) => {
    const p = ctx.path
    if (p !== base && !p.startsWith(`${base}/`)) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405
      ctx.set('Allow', 'GET, HEAD')
      ctx.body = { errors: [{ message: `The admin at ${base} answers GET and HEAD only.` }] }
      return
    }
    if (p === base) return ctx.redirect(`${base}/`)
    const rel = p.slice(base.length + 1)
    ctx.set(headers)
    if (rel === 'config.json') {
      ctx.type = 'application/json'
      ctx.set('Cache-Control', 'no-cache')
      ctx.set('Vary', 'Accept-Language')
      const requested = ctx.query.language
      ctx.body = describedIn(
        adminLanguage(
          config,
          typeof requested === 'string' ? requested : undefined,
          ctx.get('Accept-Language'),
        ),
      )
      return
    }
    const asset = /^assets\/([\w.-]+)$/.exec(rel)
    if (asset) {
      const body = await load(rel)
      if (!body) {
        ctx.status = 404
        ctx.body = { errors: [{ message: `No admin asset ${asset[1]}.` }] }
        return
      }
      ctx.type = TYPES[path.extname(rel)] ?? 'application/octet-stream'
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
      ctx.body = body
      return
    }
    const html = await index()
    ctx.set('Cache-Control', 'no-cache')
    if (!html) {
      ctx.status = 503
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = 'The admin is not built: run `npm run build:admin` (npm install runs it).'
      return
    }
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = html
  }
}
