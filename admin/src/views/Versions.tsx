/** The versions of a document or global: the list, or one version against the current document. */
import { useMemo } from 'react'
import { allowed, useSession } from '../session.tsx'
import { VersionList } from '../versions/VersionList.tsx'
import { VersionDiff } from '../versions/VersionDiff.tsx'
import type { Target } from '../versions/api.ts'

export function VersionsView(props: {
  kind: 'collection' | 'global'
  slug: string
  id?: string
  version?: string
}) {
  const { description, permissions } = useSession()
  const { kind, slug, id, version } = props
  const target: Target = useMemo(() => ({ kind, slug, id }), [kind, slug, id])
  const entity = (kind === 'collection' ? description.collections : description.globals).find(
    (e) => e.slug === slug,
  )
  if (!entity?.versions)
    return (
      <main id="main" className="view">
        <h1>Not found</h1>
        <p>“{slug}” keeps no versions.</p>
      </main>
    )
  const perms =
    kind === 'collection' ? permissions.collections?.[slug] : permissions.globals?.[slug]
  const base =
    kind === 'collection' ? `/collections/${slug}/${id}/versions` : `/globals/${slug}/versions`
  const name = kind === 'collection' ? `${entity.labels.singular} ${id}` : entity.labels.singular
  return (
    <main id="main" className="view">
      <h1>Versions of {name}</h1>
      {version ? (
        <VersionDiff
          key={version}
          target={target}
          entity={entity}
          version={version}
          base={base}
          canRestore={allowed(perms?.update)}
        />
      ) : (
        <VersionList target={target} entity={entity} base={base} />
      )}
    </main>
  )
}
