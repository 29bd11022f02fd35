/**
 * What an upload collection's list adds (the media library): a List/Grid switch (`?view=grid`, the grid of
 * upload/MediaGrid.tsx, loaded lazily), a type filter (`?type=image/*`, upload/mime.ts) and "Bulk upload" (several
 * files at once, each a new document: upload/BulkUpload.tsx in a drawer, loaded lazily).
 */
import { lazy, Suspense, useId, useState, type ComponentProps } from 'react'
import type { AdminEntity } from '../schema.ts'
import type { ListState } from '../list/query.ts'
import { BulkUploadDrawer } from '../drawer/lazy.tsx'
import { t } from '../i18n.ts'
import { allowed, useSession } from '../session.tsx'
import { typeOptions } from './mime.ts'

const Grid = lazy(() => import('./MediaGrid.tsx'))

/** The grid of files (upload/MediaGrid.tsx), loaded when first shown. */
export function MediaGrid(props: ComponentProps<typeof Grid>) {
  return (
    <Suspense fallback={<p aria-busy="true">{t('general:loading')}</p>}>
      <Grid {...props} />
    </Suspense>
  )
}

/** The type filter: every type, or one kind the collection accepts. */
export function TypeFilter(props: {
  entity: AdminEntity
  value: string
  onChange: (type: string) => void
}) {
  const id = useId()
  return (
    <span className="type-filter">
      <label htmlFor={id}>{t('version:type')}</label>{' '}
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{t('cms:allTypes')}</option>
        {typeOptions(props.entity.upload?.mimeTypes).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  )
}

/** The list's toolbar additions for an upload collection. */
export function MediaToolbar(props: {
  entity: AdminEntity
  state: ListState
  set: (patch: Partial<ListState>) => void
  /** Documents were created by a bulk upload: the list reloads. */
  onUploaded: () => void
}) {
  const { entity, state, set } = props
  const canCreate = allowed(useSession().permissions.collections?.[entity.slug]?.create)
  const [bulk, setBulk] = useState(false)
  const grid = state.view === 'grid'
  return (
    <>
      <div className="view-switch" role="group" aria-label={t('cms:mediaView')}>
        <button
          type="button"
          className="secondary small"
          aria-pressed={!grid}
          onClick={() => set({ view: undefined })}
        >
          {t('cms:mediaList')}
        </button>
        <button
          type="button"
          className="secondary small"
          aria-pressed={grid}
          onClick={() => set({ view: 'grid' })}
        >
          {t('cms:mediaGrid')}
        </button>
      </div>
      <TypeFilter
        entity={entity}
        value={state.type ?? ''}
        onChange={(type) => set({ type: type || undefined, page: 1 })}
      />
      {canCreate && (
        <button type="button" className="small" onClick={() => setBulk(true)}>
          {t('upload:bulkUpload')}
        </button>
      )}
      {bulk && (
        <BulkUploadDrawer
          slug={entity.slug}
          onClose={() => setBulk(false)}
          onUploaded={props.onUploaded}
        />
      )}
    </>
  )
}
