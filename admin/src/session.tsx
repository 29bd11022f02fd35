/**
 * The session: the description of the config, the logged-in user (from `me`, through the cookie) and their
 * permissions (`/access`). The token is refreshed before it expires; when it has expired anyway, the next call
 * answers 401 and the app returns to the login page saying so.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { auth, cms, CmsError, loadDescription, SESSION_ENDED } from './api.ts'
import type { AdminDescription } from './schema.ts'
import { loginPath, navigate } from './router.tsx'
import { t } from './i18n.ts'

export type User = Record<string, unknown> & { id: string | number; email?: string }
export type Permissions = {
  canAccessAdmin?: boolean
  collections?: Record<string, EntityPermissions>
  globals?: Record<string, EntityPermissions>
}
export type EntityPermissions = {
  create?: boolean | { permission: boolean }
  read?: boolean | { permission: boolean }
  update?: boolean | { permission: boolean }
  delete?: boolean | { permission: boolean }
  readVersions?: boolean | { permission: boolean }
  fields?: Record<string, unknown>
}

/** Payload's permission shape: `{ permission }` or a plain boolean. */
export const allowed = (p: unknown): boolean =>
  p === true ||
  (typeof p === 'object' && p !== null && (p as { permission?: boolean }).permission === true)

export interface Session {
  description: AdminDescription
  user: User | null
  permissions: Permissions
  /** Why the user is at the login page (an expired session). */
  notice?: string
  setUser(user: User | null, notice?: string): Promise<void>
  logout(): Promise<void>
}

const Context = createContext<Session | undefined>(undefined)

export function useSession(): Session {
  const s = useContext(Context)
  if (!s) throw new Error('useSession outside the session provider')
  return s
}

/** Swaps the token for a fresh one a minute before it expires (at once if less is left). */
function useTokenRefresh() {
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const scheduleRefresh = useCallback((slug: string, exp?: number) => {
    clearTimeout(refreshTimer.current)
    if (!exp) return
    // A minute before it expires (at once if less is left), the token is swapped for a fresh one.
    const wait = Math.max(0, exp * 1000 - Date.now() - 60_000)
    refreshTimer.current = setTimeout(
      () => {
        auth(slug)
          .refreshToken()
          .then((r: { exp: number }) => scheduleRefresh(slug, r.exp))
          .catch(() => undefined)
      },
      Math.min(wait, 2 ** 31 - 1),
    )
  }, [])

  const stopRefresh = useCallback(() => clearTimeout(refreshTimer.current), [])
  return { scheduleRefresh, stopRefresh }
}

export function SessionProvider(props: {
  children: (state: 'loading' | 'ready') => React.ReactNode
}) {
  const [description, setDescription] = useState<AdminDescription>()
  const [user, setUserState] = useState<User | null>(null)
  const [permissions, setPermissions] = useState<Permissions>({})
  const [notice, setNotice] = useState<string>()
  const [error, setError] = useState<string>()
  const [checked, setChecked] = useState(false)
  const { scheduleRefresh, stopRefresh } = useTokenRefresh()

  const setUser = useCallback(
    async (next: User | null, why?: string) => {
      const granted = next ? ((await cms.access()) as Permissions) : {}
      // The collection's `access.admin` gate (Payload's canAccessAdmin): the API stays theirs, the admin not.
      if (next && !granted.canAccessAdmin) {
        if (description?.user)
          await auth(description.user)
            .logout()
            .catch(() => undefined)
        return setUser(null, t('error:unauthorizedAdmin'))
      }
      setNotice(why)
      setUserState(next)
      setPermissions(granted)
      if (next && description?.user) {
        const me = (await auth(description.user).me()) as { exp?: number }
        scheduleRefresh(description.user, me.exp)
      } else stopRefresh()
    },
    [description, scheduleRefresh, stopRefresh],
  )

  useEffect(() => {
    void (async () => {
      try {
        const d = await loadDescription()
        setDescription(d)
        if (!d.user) return
        const me = (await auth(d.user).me()) as { user: User | null; exp?: number }
        if (me.user) {
          const granted = (await cms.access()) as Permissions
          if (granted.canAccessAdmin) {
            setPermissions(granted)
            setUserState(me.user)
            scheduleRefresh(d.user, me.exp)
          } else setNotice(t('error:unauthorizedAdmin'))
        }
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e))
      } finally {
        setChecked(true)
      }
    })()
  }, [scheduleRefresh])

  // Any call answering 401 once logged in: the session is over (expired, or logged out elsewhere).
  useEffect(() => {
    const ended = () => {
      if (!user) return
      // Logged in again, the user is back where the session ended.
      const login = loginPath()
      void setUser(null, t('cms:sessionExpired'))
      navigate(login, { force: true })
    }
    window.addEventListener(SESSION_ENDED, ended)
    return () => window.removeEventListener(SESSION_ENDED, ended)
  }, [user, setUser])

  if (error)
    return (
      <p role="alert" className="page-error">
        {t('cms:couldNotStart', { error })}
      </p>
    )
  if (!description || !checked) return <>{props.children('loading')}</>
  const logout = async () => {
    if (description.user)
      await auth(description.user)
        .logout()
        .catch(() => undefined)
    await setUser(null)
    navigate('/login', { force: true })
  }
  return (
    <Context.Provider value={{ description, user, permissions, notice, setUser, logout }}>
      {props.children('ready')}
    </Context.Provider>
  )
}

/** Whether an error is the end of the session (401): the caller then leaves it to the session. */
export function sessionEnded(error: unknown): boolean {
  return error instanceof CmsError && error.status === 401
}
