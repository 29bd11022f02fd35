/**
 * The one way the admin talks to the server: the project's generated SDK (`sdk/index.ts`), with the session in
 * the HTTP-only cookie the login sets (never in localStorage), and the admin's description of the config.
 */
import { CmsError, createClient } from '../../sdk/index.ts'
import type { AdminDescription } from './schema.ts'
import { isMultipart, xhrFetch } from './upload/progress.ts'
import { noteAnswer } from './changed.ts'
import { chosenLanguage, takeLanguage } from './i18n.ts'

export { CmsError }

/** Fired when an API call answers 401 outside the login itself: the session has ended (expired, logged out). */
export const SESSION_ENDED = 'cms-session-ended'

/** The client's fetch: a multipart write (a file) goes through XMLHttpRequest for its upload progress. */
const watchedFetch: typeof fetch = async (input, init) => {
  const response =
    input instanceof Request && !init && isMultipart(input)
      ? await xhrFetch(input)
      : await fetch(input, init)
  const url = input instanceof Request ? input.url : String(input)
  // A write of documents tells the counts to read again (changed.ts).
  noteAnswer(init?.method ?? (input instanceof Request ? input.method : 'GET'), url, response.ok)
  if (response.status === 401 && !/\/(login|first-register|reset-password)(\?|$)/.test(url))
    window.dispatchEvent(new Event(SESSION_ENDED))
  return response
}

export const cms = createClient({ baseUrl: window.location.origin, fetch: watchedFetch })

/** The admin's base path (`routes.admin`), read from where the app's own script was served. */
export const adminBase = new URL('..', import.meta.url).pathname.replace(/\/$/, '')

/** The description names a field's type `fieldType` (server/contracts/admin-description.ts): back to `type`. */
function withFieldTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFieldTypes)
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value))
    out[key === 'fieldType' ? 'type' : key] = withFieldTypes(v)
  return out
}

let description: Promise<AdminDescription> | undefined
export function loadDescription(): Promise<AdminDescription> {
  const language = chosenLanguage()
  const url = `${adminBase}/config.json${language ? `?language=${encodeURIComponent(language)}` : ''}`
  return (description ??= fetch(url, { credentials: 'same-origin' }).then(async (r) => {
    if (!r.ok) throw new Error(`The admin's config answered ${r.status}.`)
    const answer = withFieldTypes(await r.json()) as AdminDescription
    takeLanguage(answer)
    return answer
  }))
}

/** A document of any collection (the admin is generic over the config). */
export type Doc = Record<string, unknown> & { id: string | number }

/** Loosely typed SDK accessors: the admin addresses collections and globals by the slug the config gives. */
// The SDK is typed per slug; the admin picks slugs at run time, so it goes through these once.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any
export const collection = (slug: string): Loose => cms.collection(slug as Loose)
export const global = (slug: string): Loose => cms.global(slug as Loose)
export const auth = (slug: string): Loose => cms.auth(slug as Loose)

/** The message to show for a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof CmsError) return error.message
  return error instanceof Error ? error.message : String(error)
}

/** The field errors of a 400 validation answer: `{ path: message }`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!(error instanceof CmsError)) return out
  const body = error.body as {
    errors?: { data?: { errors?: { path?: string; message?: string }[] } }[]
  }
  for (const e of body?.errors ?? [])
    for (const f of e.data?.errors ?? []) if (f.path) out[f.path] = f.message ?? 'Invalid value'
  return out
}
