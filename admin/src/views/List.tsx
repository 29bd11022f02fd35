/**
 * The list view of a collection (and of its trash): columns, search, filters, sort, pagination and bulk actions,
 * all but the selection kept in the URL query so a reload or the back button keeps them.
 */
import { useMemo, useState } from 'react'
import { allowed, useSession } from '../session.tsx'
import { Link, useRoute } from '../router.tsx'
import type { AdminEntity } from '../schema.ts'
import { columnsOf, defaultColumns, searchFields, titleOf, type Column } from '../list/fields.ts'
import { readState, requestWhere, writeState, type ListState } from '../list/query.ts'
import { useDocs, type Page } from '../list/useDocs.ts'
import { useRelatedTitles } from '../list/related.ts'
import { Table } from '../list/Table.tsx'
import { ColumnPicker, Pagination, SearchBox } from '../list/Controls.tsx'
import { LocaleSelect, localeOf } from '../locale.tsx'
import { Filters } from '../list/Filters.tsx'
import { Bulk, BulkReport, useSelection, type BulkOutcome } from '../list/Bulk.tsx'
import { MediaGrid, MediaToolbar } from '../upload/MediaTools.tsx'
import { t } from '../i18n.ts'

export function ListView(props: { slug: string; trash?: boolean }) {
  const { description } = useSession()
  const entity = description.collections.find((c) => c.slug === props.slug)
  if (!entity)
    return (
      <main id="main" className="view">
        <h1>{t('general:notFound')}</h1>
        <p>{t('cms:noSuchCollection', { slug: props.slug })}</p>
      </main>
    )
  return <List entity={entity} trash={Boolean(props.trash && entity.trash)} />
}

function List(props: { entity: AdminEntity; trash: boolean }) {
  const { entity, trash } = props
  const { description, permissions } = useSession()
  const { path, query } = useRoute()
  const perms = permissions.collections?.[entity.slug]
  const defaultLimit = entity.pagination?.defaultLimit ?? 10
  const state = readState(query, defaultLimit)
  const all = useMemo(() => columnsOf(entity), [entity])
  const search = useMemo(() => searchFields(entity, all), [entity, all])
  const shownNames = state.columns ?? columnsByDefault(entity, all, trash)
  const shown = shownNames.flatMap((n) => all.filter((c) => c.name === n))
  const localization = description.localization
  // The locale of the URL, carried to the documents the list opens (router.tsx withLocale).
  const locale = localeOf(localization, query)
  const { data, error, loading, reload } = useDocs(entity, { ...state, locale }, search, trash)
  const docs = useRelatedTitles(description, shown, data?.docs)
  const { selected, onSelect, all: allPages, onAll } = useSelection(data)
  const [outcome, setOutcome] = useState<BulkOutcome>()

  const set = (patch: Partial<ListState>) => writeState(path, { ...state, ...patch }, defaultLimit)
  const canUpdate = allowed(perms?.update)
  const canDelete = allowed(perms?.delete)
  const title = trash ? `${entity.labels.plural}: ${t('general:trash')}` : entity.labels.plural
  const grid = Boolean(entity.upload) && state.view === 'grid' && !trash
  const selection = { selectable: canUpdate || canDelete, selected, onSelect }
  return (
    <main id="main" className="view list-view" aria-busy={loading}>
      <ListHead entity={entity} trash={trash} title={title} canCreate={allowed(perms?.create)} />
      <div className="toolbar">
        {search.length > 0 && (
          <SearchBox
            value={state.search}
            label={t('cms:searchCollection', { label: entity.labels.plural })}
            onSearch={(text) => set({ search: text, page: 1 })}
          />
        )}
        <ColumnPicker all={all} shown={shownNames} onChange={(columns) => set({ columns })} />
        {localization && (
          <LocaleSelect
            locales={localization.locales}
            value={locale ?? ''}
            onChange={(l) => set({ locale: l })}
          />
        )}
        {entity.upload && !trash && (
          <MediaToolbar entity={entity} state={state} set={set} onUploaded={reload} />
        )}
      </div>
      <Filters
        columns={all}
        conditions={state.conditions}
        onApply={(conditions) => set({ conditions, page: 1 })}
      />
      <BulkReport outcome={outcome} error={error} />
      {selected.size > 0 && data && (
        <Bulk
          entity={entity}
          ids={[...selected]}
          all={allPages}
          total={data.totalDocs}
          where={requestWhere(state, search, trash)}
          locale={locale}
          onAll={onAll}
          trash={trash}
          canUpdate={canUpdate}
          canDelete={canDelete}
          onDone={(o) => {
            setOutcome(o)
            reload()
          }}
        />
      )}
      {data && data.docs.length === 0 && !error && <Empty entity={entity} trash={trash} />}
      {data && data.docs.length > 0 && grid && (
        <MediaGrid slug={entity.slug} docs={data.docs} label={title} {...selection} />
      )}
      {data && data.docs.length > 0 && !grid && (
        <Table
          slug={entity.slug}
          caption={title}
          columns={shown}
          titleField={titleOf(entity)}
          docs={docs ?? data.docs}
          sort={state.sort}
          onSort={(sort) => set({ sort, page: 1 })}
          {...selection}
          linked={!trash}
        />
      )}
      {data && <Pages data={data} state={state} entity={entity} set={set} />}
    </main>
  )
}

function Pages(props: {
  data: Page
  state: ListState
  entity: AdminEntity
  set(patch: Partial<ListState>): void
}) {
  const { data, state, set } = props
  return (
    <Pagination
      page={data.page ?? state.page}
      totalPages={data.totalPages}
      totalDocs={data.totalDocs}
      limit={state.limit}
      limits={limitsOf(props.entity, state.limit)}
      onPage={(page) => set({ page })}
      onLimit={(limit) => set({ limit, page: 1 })}
    />
  )
}

function ListHead(props: {
  entity: AdminEntity
  trash: boolean
  title: string
  canCreate: boolean
}) {
  const { entity, trash } = props
  const base = `/collections/${entity.slug}`
  return (
    <>
      <div className="list-head">
        <h1>{props.title}</h1>
        {!trash && props.canCreate && (
          <Link to={`${base}/create`} className="button">
            {t('general:createNew')}
          </Link>
        )}
        {entity.trash && (
          <Link to={trash ? base : `${base}/trash`} className="button secondary">
            {trash
              ? t('cms:backToCollection', { label: entity.labels.plural })
              : t('general:trash')}
          </Link>
        )}
      </div>
      {entity.description && <p className="field-description">{entity.description}</p>}
    </>
  )
}

/** Payload's words for an empty list: none in the trash, or none (yet, or matching). */
function Empty(props: { entity: AdminEntity; trash: boolean }) {
  const label = props.entity.labels.plural
  return (
    <p className="empty">
      {t(props.trash ? 'general:noTrashResults' : 'general:noResults', { label })}
    </p>
  )
}

function limitsOf(entity: AdminEntity, current: number): number[] {
  const limits = entity.pagination?.limits?.length ? entity.pagination.limits : [10, 25, 50, 100]
  return limits.includes(current) ? limits : [...limits, current].sort((a, b) => a - b)
}

/** The default columns; the trash adds when each document was deleted. */
function columnsByDefault(entity: AdminEntity, all: Column[], trash: boolean): string[] {
  const defaults = defaultColumns(entity, all)
  return trash && !defaults.includes('deletedAt') ? [...defaults, 'deletedAt'] : defaults
}
