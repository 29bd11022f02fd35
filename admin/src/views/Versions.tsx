/**
 * The versions of a document or global: the list, or one version against another state. Its parts are a chunk
 * loaded on the first visit (the app's Suspense shows "Loading…" meanwhile).
 */
import { lazy, useMemo } from 'react'
import { allowed, useSession } from '../session.tsx'
import { useRoute } from '../router.tsx'
import type { Target } from '../versions/api.ts'
import { t } from '../i18n.ts'

const VersionList = lazy(() =>
  import('../versions/VersionList.tsx').then((m) => ({ default: m.VersionList })),
)
const VersionDiff = lazy(() =>
  import('../versions/VersionDiff.tsx').then((m) => ({ default: m.VersionDiff })),
)

export function VersionsView(props: {
  kind: 'collection' | 'global'
  slug: string
  id?: string
  version?: string
}) {
  const { description, permissions } = useSession()
  const { kind, slug, id, version } = props
  // `?compare=<version id>`: the other side of the comparison (default: the current document).
  const compare = useRoute().query.get('compare') ?? undefined
  const target: Target = useMemo(() => ({ kind, slug, id }), [kind, slug, id])
  const entity = (kind === 'collection' ? description.collections : description.globals).find(
    (e) => e.slug === slug,
  )
  if (!entity?.versions)
    return (
      <main id="main" className="view">
        <h1>{t('general:notFound')}</h1>
        <p>{t('cms:keepsNoVersions', { slug })}</p>
      </main>
    )
  const perms =
    kind === 'collection' ? permissions.collections?.[slug] : permissions.globals?.[slug]
  const base =
    kind === 'collection' ? `/collections/${slug}/${id}/versions` : `/globals/${slug}/versions`
  // Payload's headings: the versions of a document or global, or one version of it.
  const heading =
    kind === 'collection'
      ? t(version ? 'version:viewingVersion' : 'version:viewingVersions', {
          entityLabel: entity.labels.singular,
          documentTitle: id,
        })
      : t(version ? 'version:viewingVersionGlobal' : 'version:viewingVersionsGlobal', {
          entityLabel: entity.labels.singular,
        })
  return (
    <main id="main" className="view">
      <h1>{heading}</h1>
      {version ? (
        <VersionDiff
          key={`${version}-${compare ?? ''}`}
          target={target}
          entity={entity}
          version={version}
          compare={compare}
          base={base}
          canRestore={allowed(perms?.update)}
        />
      ) : (
        <VersionList target={target} entity={entity} base={base} />
      )}
    </main>
  )
}
