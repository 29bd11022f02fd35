/**
 * "Data changed": an event on `window` after every write of documents the admin makes (create, update, delete,
 * duplicate, a bulk update or delete, a trash restore, a version restore), from wherever it was made (the edit
 * view, a drawer, the list, an upload). api.ts reports each answer of the SDK's fetch here; what listens (the
 * navigation's and the dashboard's counts) reads again without a reload.
 */
import { routes } from '../../generated/sdk/map.ts'

export const DATA_CHANGED = 'cms-data-changed'

/** The event's detail: the collection written to. */
export interface DataChanged {
  collection: string
}

/** `<api>/<slug>/<x>` routes that write no documents. */
const NOT_WRITES = new Set([
  'access',
  'form-state',
  'login',
  'logout',
  'refresh-token',
  'first-register',
  'forgot-password',
  'reset-password',
  'unlock',
  'verify',
  'me',
  'init',
])

/**
 * The collection a request wrote documents of: `POST|PATCH|DELETE <api>/<slug>` (create, bulk), `<api>/<slug>/<id>`,
 * `POST <api>/<slug>/<id>/duplicate` and `POST <api>/<slug>/versions/<id>` (a restore); not a global, a lock,
 * an access or form-state question, or an auth route.
 */
export function writtenCollection(method: string, url: string): string | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined
  const { pathname } = new URL(url, window.location.href)
  if (!pathname.startsWith(`${routes.api}/`)) return undefined
  const [slug, second, third, ...rest] = pathname.slice(routes.api.length + 1).split('/')
  if (!slug || slug === 'globals' || slug === 'graphql' || rest.length) return undefined
  if (second === undefined) return slug
  if (third === undefined) return NOT_WRITES.has(second) ? undefined : slug
  return second === 'versions' || third === 'duplicate' ? slug : undefined
}

/** Called with each API answer: a successful write of documents fires DATA_CHANGED. */
export function noteAnswer(method: string, url: string, ok: boolean): void {
  const slug = ok ? writtenCollection(method.toUpperCase(), url) : undefined
  if (slug)
    window.dispatchEvent(
      new CustomEvent<DataChanged>(DATA_CHANGED, { detail: { collection: slug } }),
    )
}
