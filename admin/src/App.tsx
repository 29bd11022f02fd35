/**
 * The admin's shell: the session gate (first user, login), the navigation and the route table. Every view talks
 * to the server through the generated SDK (api.ts).
 */
import { Suspense, useEffect, type ReactNode } from 'react'
import { SessionProvider, useSession } from './session.tsx'
import { loginPath, match, navigate, safeRedirect, useRoute } from './router.tsx'
import { Nav } from './views/Nav.tsx'
import { Dashboard } from './views/Dashboard.tsx'
import { Login, FirstUser, ForgotPassword, ResetPassword } from './views/Auth.tsx'
import { Account } from './views/Account.tsx'
import { ListView } from './views/List.tsx'
import { EditView } from './views/Edit.tsx'
import { VersionsView } from './views/Versions.tsx'
import { Flash } from './flash.tsx'
import { applyTheme } from './theme.ts'
import { t } from './i18n.ts'

// The theme the user chose (theme.ts), before the first paint.
applyTheme()

const PUBLIC = ['/login', '/create-first-user', '/forgot', '/reset/:token']

function Routes() {
  const { path, query } = useRoute()
  const session = useSession()
  const isPublic = PUBLIC.some((p) => match(p, path))
  const redirect = query.get('redirect')
  useEffect(() => {
    // A logged-out visit goes to the login page, which remembers the page asked for and goes there once logged in.
    if (!session.user && !isPublic) navigate(loginPath(), { replace: true, force: true })
    if (session.user && isPublic)
      navigate(safeRedirect(redirect) ?? '/', { replace: true, force: true })
  }, [session.user, isPublic, redirect])

  if (!session.user) {
    let m: Record<string, string> | undefined
    if (match('/create-first-user', path)) return <FirstUser />
    if (match('/forgot', path)) return <ForgotPassword />
    if ((m = match('/reset/:token', path))) return <ResetPassword token={m.token} />
    return <Login />
  }
  return <Layout>{view(path)}</Layout>
}

function view(path: string): ReactNode {
  let m: Record<string, string> | undefined
  if (path === '/' || path === '') return <Dashboard />
  if (match('/account', path)) return <Account />
  if ((m = match('/collections/:slug', path))) return <ListView key={m.slug} slug={m.slug} />
  if ((m = match('/collections/:slug/trash', path)))
    return <ListView key={`${m.slug}-trash`} slug={m.slug} trash />
  if ((m = match('/collections/:slug/create', path)))
    return <EditView key={`${m.slug}-new`} kind="collection" slug={m.slug} />
  if ((m = match('/collections/:slug/:id/versions', path)))
    return <VersionsView kind="collection" slug={m.slug} id={m.id} />
  if ((m = match('/collections/:slug/:id/versions/:version', path)))
    return <VersionsView kind="collection" slug={m.slug} id={m.id} version={m.version} />
  if ((m = match('/collections/:slug/:id', path)))
    return <EditView key={`${m.slug}-${m.id}`} kind="collection" slug={m.slug} id={m.id} />
  if ((m = match('/globals/:slug', path)))
    return <EditView key={m.slug} kind="global" slug={m.slug} />
  if ((m = match('/globals/:slug/versions', path)))
    return <VersionsView kind="global" slug={m.slug} />
  if ((m = match('/globals/:slug/versions/:version', path)))
    return <VersionsView kind="global" slug={m.slug} version={m.version} />
  // Payload's not-found view.
  return (
    <main id="main" className="view">
      <h1>{t('general:nothingFound')}</h1>
      <p>{t('general:sorryNotFound')}</p>
    </main>
  )
}

/** "Loading…" in the admin's language; before its words have come (the first load), the admin's English. */
function loading(): string {
  const word = t('general:loading')
  return word === 'general:loading' ? t('cms:loading') : `${word}…`
}

function Layout(props: { children: ReactNode }) {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('cms:skipToContent')}
      </a>
      <Nav />
      <Flash />
      <Suspense fallback={<main className="view">{loading()}</main>}>{props.children}</Suspense>
    </div>
  )
}

export function App() {
  return (
    <SessionProvider>
      {(state) =>
        state === 'loading' ? (
          <main className="view" aria-busy="true">
            {loading()}
          </main>
        ) : (
          <Routes />
        )
      }
    </SessionProvider>
  )
}
