/** The navigation: every collection and global the user may read, grouped by `admin.group`, with counts. */
import { useEffect, useState } from 'react'
import { collection } from '../api.ts'
import { DATA_CHANGED, type DataChanged } from '../changed.ts'
import { allowed, useSession } from '../session.tsx'
import { Link, useRoute } from '../router.tsx'
import type { AdminEntity } from '../schema.ts'
import { t } from '../i18n.ts'

export function useReadable(): { collections: AdminEntity[]; globals: AdminEntity[] } {
  const { description, permissions } = useSession()
  return {
    collections: description.collections.filter(
      (c) => !c.hidden && allowed(permissions.collections?.[c.slug]?.read),
    ),
    globals: description.globals.filter(
      (g) => !g.hidden && allowed(permissions.globals?.[g.slug]?.read),
    ),
  }
}

/** `{ group: entries }` in config order; entries without a group under Payload's "Collections" / "Globals". */
function grouped(entries: AdminEntity[], fallback: string): [string, AdminEntity[]][] {
  const groups = new Map<string, AdminEntity[]>()
  for (const e of entries) {
    const g = e.group ?? fallback
    groups.set(g, [...(groups.get(g) ?? []), e])
  }
  return [...groups]
}

/**
 * The number of documents of each collection, read again after a write the admin makes there (changed.ts), so the
 * navigation and the dashboard follow creates, deletes, bulk actions and restores without a reload.
 */
export function useCounts(slugs: string[]): Record<string, number | undefined> {
  const [counts, setCounts] = useState<Record<string, number | undefined>>({})
  const key = slugs.join(',')
  useEffect(() => {
    let live = true
    // The last read asked for each collection: an earlier one answering later is dropped.
    const asked: Record<string, number> = {}
    const read = (s: string) => {
      const n = (asked[s] = (asked[s] ?? 0) + 1)
      collection(s)
        .count()
        .then((r: { totalDocs: number }) => {
          if (live && asked[s] === n) setCounts((c) => ({ ...c, [s]: r.totalDocs }))
        })
        .catch(() => undefined)
    }
    slugs.forEach(read)
    // Several writes in a row (a bulk upload's files, autosaves) read once, after the last.
    const pending = new Set<string>()
    let timer: ReturnType<typeof setTimeout> | undefined
    const changed = (e: Event) => {
      const slug = (e as CustomEvent<DataChanged>).detail?.collection
      if (!slugs.includes(slug)) return
      pending.add(slug)
      clearTimeout(timer)
      timer = setTimeout(() => {
        pending.forEach(read)
        pending.clear()
      }, 150)
    }
    window.addEventListener(DATA_CHANGED, changed)
    return () => {
      live = false
      clearTimeout(timer)
      window.removeEventListener(DATA_CHANGED, changed)
    }
  }, [key])
  return counts
}

export function Nav() {
  const { user, logout, description } = useSession()
  const { collections, globals } = useReadable()
  const counts = useCounts(collections.map((c) => c.slug))
  const { path } = useRoute()
  const current = (to: string) => (path === to || path.startsWith(`${to}/`) ? 'page' : undefined)
  return (
    <nav className="nav" aria-label={t('cms:mainNavigation')}>
      <Link to="/" className="brand">
        {t('cms:brand')}
      </Link>
      {grouped(collections, t('general:collections')).map(([group, entries]) => (
        <section key={`c-${group}`} aria-labelledby={`nav-c-${group}`}>
          <h2 id={`nav-c-${group}`}>{group}</h2>
          <ul>
            {entries.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/collections/${c.slug}`}
                  aria-current={current(`/collections/${c.slug}`)}
                >
                  {c.labels.plural}
                  {counts[c.slug] !== undefined && <span className="count">{counts[c.slug]}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {grouped(globals, t('general:globals')).map(([group, entries]) => (
        <section key={`g-${group}`} aria-labelledby={`nav-g-${group}`}>
          <h2 id={`nav-g-${group}`}>{group}</h2>
          <ul>
            {entries.map((g) => (
              <li key={g.slug}>
                <Link to={`/globals/${g.slug}`} aria-current={current(`/globals/${g.slug}`)}>
                  {g.labels.singular}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="nav-user">
        {description.user && (
          <Link to="/account" aria-current={current('/account')}>
            {String(user?.email ?? user?.username ?? t('authentication:account'))}
          </Link>
        )}
        <button type="button" className="link" onClick={() => void logout()}>
          {t('authentication:logOut')}
        </button>
      </div>
    </nav>
  )
}
