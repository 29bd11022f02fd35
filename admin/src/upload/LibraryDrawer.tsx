/**
 * "Choose from existing" of an upload field: the collection's files as a grid (upload/MediaGrid.tsx) in a drawer,
 * newest first, with a search (filename and the collection's searchable fields), the type filter and pages; a
 * card's button chooses its document. Loaded lazily (drawer/lazy.tsx).
 */
import { PrevNext } from '../list/Controls.tsx'
import { useEffect, useId, useMemo, useState } from 'react'
import type { Doc } from '../api.ts'
import { Drawer } from '../drawer/Drawer.tsx'
import type { Id } from '../fields/titles.ts'
import { t } from '../i18n.ts'
import { columnsOf, searchFields } from '../list/fields.ts'
import { useDocs } from '../list/useDocs.ts'
import type { AdminEntity } from '../schema.ts'
import { useSession } from '../session.tsx'
import MediaGrid from './MediaGrid.tsx'
import { TypeFilter } from './MediaTools.tsx'

const PAGE_SIZE = 12

export interface LibraryDrawerProps {
  slug: string
  onPick: (doc: Doc) => void
  onClose: () => void
  /** Documents already chosen: not offered again. */
  exclude?: Id[]
}

export default function LibraryDrawer(props: LibraryDrawerProps) {
  const entity = useSession().description.collections.find((c) => c.slug === props.slug)
  const title = t('fields:chooseLabel', { label: entity?.labels.singular ?? props.slug })
  return (
    <Drawer title={title} onClose={props.onClose}>
      {entity ? (
        <Library entity={entity} {...props} />
      ) : (
        <p role="alert">{t('cms:noSuchCollection', { slug: props.slug })}</p>
      )}
    </Drawer>
  )
}

function Library(props: LibraryDrawerProps & { entity: AdminEntity }) {
  const { entity } = props
  const searchId = useId()
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [type, setType] = useState('')
  const [page, setPage] = useState(1)
  // The search waits for a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim())
      setPage(1)
    }, 250)
    return () => clearTimeout(timer)
  }, [text])
  const fields = useMemo(() => {
    const own = searchFields(entity, columnsOf(entity))
    return entity.upload && !own.includes('filename') ? ['filename', ...own] : own
  }, [entity])
  const state = {
    page,
    limit: PAGE_SIZE,
    sort: entity.timestamps !== false ? '-createdAt' : undefined,
    search,
    conditions: [],
    type: type || undefined,
  }
  const { data, error, loading } = useDocs(entity, state, fields, false)
  const excluded = new Set((props.exclude ?? []).map(String))
  const docs = (data?.docs ?? []).filter((d) => !excluded.has(String(d.id)))
  const searchLabel = t('cms:searchCollection', { label: entity.labels.plural })
  return (
    <div className="library" aria-busy={loading}>
      <div className="toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={searchLabel}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <TypeFilter
          entity={entity}
          value={type}
          onChange={(t) => {
            setType(t)
            setPage(1)
          }}
        />
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {data && docs.length === 0 && (
        <p className="empty">{t('general:noResults', { label: entity.labels.plural })}</p>
      )}
      {docs.length > 0 && (
        <MediaGrid
          slug={entity.slug}
          docs={docs}
          label={entity.labels.plural}
          onPick={props.onPick}
        />
      )}
      {data && (
        <PrevNext
          page={page}
          totalPages={data.totalPages}
          label={t('cms:libraryPages')}
          onPage={setPage}
        />
      )}
    </div>
  )
}
