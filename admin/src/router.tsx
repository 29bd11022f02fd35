/**
 * A small history router: the app's paths are below the admin's base (`/admin/collections/posts/3`); links
 * navigate without a reload, the back button works, a guard (unsaved changes) can hold a navigation, and the
 * locale of the URL (`?locale=de`) goes along.
 */
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react'
import { adminBase } from './api.ts'
import { t } from './i18n.ts'

type Guard = () => boolean
let guard: Guard | undefined
const listeners = new Set<() => void>()

/** The app path (below the base) and query of the current location. */
export function currentRoute(): { path: string; query: URLSearchParams } {
  const rest = window.location.pathname.slice(adminBase.length) || '/'
  return { path: rest, query: new URLSearchParams(window.location.search) }
}

/** Asks the guard (if any): false when the user chose to stay. */
function mayLeave(): boolean {
  return !guard || guard()
}

/** The pages of a logged-out user: the locale does not follow there. */
const AUTH_PAGES = /^\/?(login|create-first-user|forgot|reset)(\/|\?|$)/

/**
 * A path with the current URL's locale (`?locale=de`) added when it names none: the locale follows the user from
 * view to view (the list, the documents it opens, the navigation), as in Payload's admin.
 */
export function withLocale(to: string): string {
  const locale = new URLSearchParams(window.location.search).get('locale')
  if (!locale || AUTH_PAGES.test(to)) return to
  const [rest, hash] = to.split('#', 2)
  const [path, search = ''] = rest.split('?', 2)
  const query = new URLSearchParams(search)
  if (query.has('locale')) return to
  query.set('locale', locale)
  return `${path}?${query}${hash === undefined ? '' : `#${hash}`}`
}

/**
 * The login page, with `?redirect=` the page the user asked for (as Payload's admin: the admin path with its query),
 * to go back to once logged in. The auth pages themselves are not remembered.
 */
export function loginPath(): string {
  const { path } = currentRoute()
  if (path === '/' || AUTH_PAGES.test(path)) return '/login'
  const here = `${window.location.pathname}${window.location.search}`
  return `/login?redirect=${encodeURIComponent(here)}`
}

/**
 * The app path a `redirect` names, or undefined when it is not a page of this admin: only a path below the admin's
 * base on this origin is taken (never an absolute or protocol-relative URL, a backslash or encoded-slash trick, or
 * a path outside the admin such as the API), as Payload's getSafeRedirect refuses them.
 */
export function safeRedirect(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || /^\/[\\/]|^\/%(25)*(2f|5c)/i.test(value)) return undefined
  if ([...value].some((c) => c.charCodeAt(0) <= 31 || c.charCodeAt(0) === 127)) return undefined
  let url: URL
  try {
    url = new URL(value, window.location.origin)
  } catch {
    return undefined
  }
  if (url.origin !== window.location.origin) return undefined
  // The normalised path (`/admin/../api` is `/api`) must lie inside the admin.
  if (url.pathname !== adminBase && !url.pathname.startsWith(`${adminBase}/`)) return undefined
  const to = `${url.pathname.slice(adminBase.length) || '/'}${url.search}${url.hash}`
  return AUTH_PAGES.test(to) ? undefined : to
}

export function navigate(to: string, options: { replace?: boolean; force?: boolean } = {}): void {
  if (!options.force && !mayLeave()) return
  to = withLocale(to)
  const url = `${adminBase}${to.startsWith('/') ? to : `/${to}`}`
  if (options.replace) window.history.replaceState(null, '', url)
  else window.history.pushState(null, '', url)
  listeners.forEach((l) => l())
}

/**
 * Holds navigations while `dirty` (the edit view's unsaved-changes guard, asking in Payload's words); also guards a
 * reload or close.
 */
export function useLeaveGuard(dirty: boolean, message = t('general:changesNotSaved')): void {
  useEffect(() => {
    if (!dirty) return
    guard = () => window.confirm(message)
    const unload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
    }
    window.addEventListener('beforeunload', unload)
    return () => {
      guard = undefined
      window.removeEventListener('beforeunload', unload)
    }
  }, [dirty, message])
}

export function useRoute(): { path: string; query: URLSearchParams } {
  const [route, setRoute] = useState(currentRoute)
  useEffect(() => {
    const update = () => setRoute(currentRoute())
    listeners.add(update)
    window.addEventListener('popstate', update)
    return () => {
      listeners.delete(update)
      window.removeEventListener('popstate', update)
    }
  }, [])
  return route
}

/** Matches `/collections/:slug/:id` against a path: the named parts, or undefined. */
export function match(pattern: string, path: string): Record<string, string> | undefined {
  const p = pattern.split('/')
  const s = path.replace(/\/$/, '').split('/')
  if (p.length !== s.length) return undefined
  const out: Record<string, string> = {}
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) out[p[i].slice(1)] = decodeURIComponent(s[i])
    else if (p[i] !== s[i]) return undefined
  }
  return out
}

export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { to, onClick, ...rest } = props
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    navigate(to)
  }
  return <a href={`${adminBase}${withLocale(to)}`} onClick={click} {...rest} />
}
