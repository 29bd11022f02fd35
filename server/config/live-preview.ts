/**
 * Payload's live preview (`admin.livePreview`, docs/admin.md): the admin shows the document's front-end page in an
 * `<iframe>` beside the form, at the configured breakpoints, reloaded after each save. Set on a collection or global
 * (`admin.livePreview: { url, breakpoints }`) or on the root admin config for the collections and globals it lists
 * (`admin.livePreview: { url, breakpoints, collections, globals }`); an entity's own options win, key by key, as
 * Payload merges them. A `url` function of the document (`{ data, collectionConfig, globalConfig, locale, req,
 * payload }`) cannot cross the contract: the server runs it in the form-state route (`formState` answers
 * `livePreviewURL`, as Payload's form state does). `origins` (this CMS's addition) lists the origins a function's
 * URLs may have: the admin's Content-Security-Policy frames only those and the origins of the string URLs.
 */
import { ConfigError } from '../errors/config-error.ts'
import type { CmsRequest } from './types.ts'

export interface LivePreviewBreakpoint {
  name: string
  label: string
  width: number | string
  height: number | string
}

export type LivePreviewURL =
  | string
  | ((args: {
      data: Record<string, unknown>
      collectionConfig?: unknown
      globalConfig?: unknown
      locale: { code: string | undefined; label: string }
      req: CmsRequest
      payload: CmsRequest['cms']
    }) => string | undefined | Promise<string | undefined>)

/** An entity's `admin.livePreview`. */
export interface LivePreviewConfig {
  url?: LivePreviewURL
  breakpoints?: LivePreviewBreakpoint[]
  /** The origins a `url` function may answer (this CMS's addition: the admin's CSP `frame-src`). */
  origins?: string[]
}

/** The root `admin.livePreview`: options for the collections and globals it lists. */
export interface RootLivePreviewConfig extends LivePreviewConfig {
  collections?: string[]
  globals?: string[]
}

type Owner = { slug: string; admin?: { livePreview?: unknown } }
interface PreviewConfig {
  admin?: { livePreview?: unknown }
  collections: Owner[]
  globals: Owner[]
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** The options of a collection or global (its own over the root's), or undefined where live preview is off. */
export function livePreviewOf(
  config: PreviewConfig,
  kind: 'collection' | 'global',
  slug: string,
): LivePreviewConfig | undefined {
  const root = config.admin?.livePreview as RootLivePreviewConfig | undefined
  const owner = (kind === 'collection' ? config.collections : config.globals).find(
    (e) => e.slug === slug,
  )
  const own = owner?.admin?.livePreview as LivePreviewConfig | undefined
  const listed = (kind === 'collection' ? root?.collections : root?.globals)?.includes(slug)
  if (!own && !listed) return undefined
  const merged: RootLivePreviewConfig = { ...(listed ? root : {}), ...own }
  delete merged.collections
  delete merged.globals
  return merged
}

/** The origin of an absolute http(s) URL, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

function checkOne(value: unknown, at: string, root: boolean): void {
  if (value === undefined) return
  if (!isObject(value)) throw new ConfigError(`${at} must be an object ({ url, breakpoints }).`)
  const { url, breakpoints, origins } = value
  if (url !== undefined && typeof url !== 'function' && typeof url !== 'string')
    throw new ConfigError(`${at}.url must be a string or a function answering one.`)
  if (typeof url === 'string' && !url.startsWith('/') && !originOf(url))
    throw new ConfigError(
      `${at}.url "${url}" must be an absolute http(s) URL or a path of this server.`,
    )
  if (breakpoints !== undefined) {
    if (!Array.isArray(breakpoints))
      throw new ConfigError(`${at}.breakpoints must be a list of { name, label, width, height }.`)
    breakpoints.forEach((b: unknown, i) => {
      const ok =
        isObject(b) &&
        typeof b.name === 'string' &&
        typeof b.label === 'string' &&
        ['number', 'string'].includes(typeof b.width) &&
        ['number', 'string'].includes(typeof b.height)
      if (!ok)
        throw new ConfigError(
          `${at}.breakpoints[${i}] must be { name, label, width, height } (width and height numbers of pixels).`,
        )
    })
  }
  if (origins !== undefined) {
    const list = Array.isArray(origins) ? origins : [origins]
    for (const o of list)
      if (typeof o !== 'string' || originOf(o) !== o.replace(/\/$/, ''))
        throw new ConfigError(
          `${at}.origins must be a list of origins such as "https://www.example.com"; got ${JSON.stringify(o)}.`,
        )
  }
  for (const key of ['collections', 'globals'] as const) {
    const list = value[key]
    if (list === undefined) continue
    if (!root)
      throw new ConfigError(`${at}.${key} is an option of the root admin.livePreview only.`)
    if (!Array.isArray(list) || list.some((s) => typeof s !== 'string'))
      throw new ConfigError(`${at}.${key} must be a list of slugs.`)
  }
}

/** Checks every `admin.livePreview` at start; the root's lists must name collections and globals of the config. */
export function checkLivePreview(config: PreviewConfig): void {
  const root = config.admin?.livePreview
  checkOne(root, 'admin.livePreview', true)
  for (const c of config.collections)
    checkOne(c.admin?.livePreview, `Collection "${c.slug}": admin.livePreview`, false)
  for (const g of config.globals)
    checkOne(g.admin?.livePreview, `Global "${g.slug}": admin.livePreview`, false)
  if (!isObject(root)) return
  for (const [key, list] of [
    ['collections', config.collections],
    ['globals', config.globals],
  ] as const)
    for (const slug of (root[key] as string[] | undefined) ?? [])
      if (!list.some((e) => e.slug === slug))
        throw new ConfigError(`admin.livePreview.${key} names "${slug}", which is not one.`)
}

/** The origins the admin may frame: those of the string URLs and every `origins` entry. */
export function previewOrigins(config: PreviewConfig): string[] {
  const out = new Set<string>()
  const add = (lp: unknown) => {
    if (!isObject(lp)) return
    if (typeof lp.url === 'string') {
      const o = originOf(lp.url)
      out.add(o ?? "'self'")
    }
    if (typeof lp.url === 'function' && lp.origins === undefined) out.add("'self'")
    for (const o of (lp.origins as string[] | undefined) ?? []) out.add(o.replace(/\/$/, ''))
  }
  add(config.admin?.livePreview)
  for (const e of [...config.collections, ...config.globals]) add(e.admin?.livePreview)
  return [...out]
}

/** The URL of the preview of a document or global: a string URL as it is, a function's answer for the data. */
export async function previewURL(
  lp: LivePreviewConfig,
  args: {
    data: Record<string, unknown>
    collectionConfig?: unknown
    globalConfig?: unknown
    req: CmsRequest
  },
): Promise<string | undefined> {
  if (typeof lp.url === 'string') return lp.url
  if (typeof lp.url !== 'function') return undefined
  try {
    const url = await lp.url({
      ...args,
      locale: { code: args.req.locale, label: '' },
      payload: args.req.cms,
    })
    return typeof url === 'string' && url ? url : undefined
  } catch (err) {
    // As Payload: a failing function is logged and the form goes on without a preview.
    args.req.cms.logger.error({ err }, 'the live preview URL function failed')
    return undefined
  }
}

/** Whether the preview URL of a collection or global is a function, which the form-state route runs. */
export const urlOnServer = (
  config: PreviewConfig,
  kind: 'collection' | 'global',
  slug: string,
): boolean => typeof livePreviewOf(config, kind, slug)?.url === 'function'
