/** The dashboard: a card per readable collection (with its count and a create link) and global. */
import { allowed, useSession } from '../session.tsx'
import { Link } from '../router.tsx'
import { useCounts, useReadable } from './Nav.tsx'
import { t } from '../i18n.ts'

export function Dashboard() {
  const { permissions } = useSession()
  const { collections, globals } = useReadable()
  const counts = useCounts(collections.map((c) => c.slug))
  return (
    <main id="main" className="view">
      <h1>{t('general:dashboard')}</h1>
      <h2>{t('general:collections')}</h2>
      <ul className="cards">
        {collections.map((c) => (
          <li key={c.slug} className="card">
            <Link to={`/collections/${c.slug}`}>{c.labels.plural}</Link>
            <span
              className="count"
              aria-label={t('cms:documentCount', { count: counts[c.slug] ?? 0 })}
            >
              {counts[c.slug] ?? '…'}
            </span>
            {allowed(permissions.collections?.[c.slug]?.create) && (
              <Link
                to={`/collections/${c.slug}/create`}
                className="button small"
                aria-label={t('general:createNewLabel', { label: c.labels.singular })}
              >
                {t('general:create')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {globals.length > 0 && <h2>{t('general:globals')}</h2>}
      <ul className="cards">
        {globals.map((g) => (
          <li key={g.slug} className="card">
            <Link to={`/globals/${g.slug}`}>{g.labels.singular}</Link>
          </li>
        ))}
      </ul>
    </main>
  )
}
