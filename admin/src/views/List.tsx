/**
 * The list view of a collection (and of its trash): columns, search, filters, sort, pagination and bulk actions,
 * all but the selection kept in the URL query so a reload or the back button keeps them.
 */
import { useEffect, useMemo, useState } from 'react'
import { allowed, useSession } from '../session.tsx'
import { Link, useRoute } from '../router.tsx'
import type { AdminEntity } from '../schema.ts'
import { columnsOf, defaultColumns, searchFields, titleOf, type Column } from '../list/fields.ts'
import { readState, writeState, type ListState } from '../list/query.ts'
import { useDocs } from '../list/useDocs.ts'
import { useRelatedTitles } from '../list/related.ts'
import { Table } from '../list/Table.tsx'
import { ColumnPicker, Pagination, SearchBox } from '../list/Controls.tsx'
import { LocaleSelect, localeOf } from '../locale.tsx'
import { Filters } from '../list/Filters.tsx'
import { Bulk, type BulkOutcome } from '../list/Bulk.tsx'

export function ListView(props: { slug: string; trash?: boolean }) {
  const { description } = useSession()
  const entity = description.collections.find((c) => c.slug === props.slug)
  if (!entity)
    return (
      <main id="main" className="view">
        <h1>Not found</h1>
        <p>There is no collection “{props.slug}”.</p>
      </main>
    )
  return <List entity={entity} trash={Boolean(props.trash && entity.trash)} />
}

function Outcome(props: { outcome?: BulkOutcome; error?: string }) {
  const { outcome, error } = props
  if (error)
    return (
      <p role="alert" className="form-error">
        {error}
      </p>
    )
  if (!outcome) return null
  const failed = outcome.failed || outcome.errors.length > 0
  return (
    <div role={failed ? 'alert' : 'status'} className={failed ? 'form-error' : 'notice'}>
      <p>{outcome.message}</p>
      {outcome.errors.length > 0 && (
        <ul>
          {outcome.errors.map((e) => (
            <li key={String(e.id)}>
              #{String(e.id)}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
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
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [outcome, setOutcome] = useState<BulkOutcome>()
  useEffect(() => setSelected(new Set()), [data])

  const set = (patch: Partial<ListState>) => writeState(path, { ...state, ...patch }, defaultLimit)
  const canUpdate = allowed(perms?.update)
  const canDelete = allowed(perms?.delete)
  const title = trash ? `${entity.labels.plural}: trash` : entity.labels.plural
  return (
    <main id="main" className="view list-view" aria-busy={loading}>
      <ListHead entity={entity} trash={trash} title={title} canCreate={allowed(perms?.create)} />
      <div className="toolbar">
        {search.length > 0 && (
          <SearchBox
            value={state.search}
            label={`Search ${entity.labels.plural}`}
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
      </div>
      <Filters
        columns={all}
        conditions={state.conditions}
        onApply={(conditions) => set({ conditions, page: 1 })}
      />
      <Outcome outcome={outcome} error={error} />
      {selected.size > 0 && (
        <Bulk
          entity={entity}
          ids={[...selected]}
          trash={trash}
          canUpdate={canUpdate}
          canDelete={canDelete}
          onDone={(o) => {
            setOutcome(o)
            reload()
          }}
        />
      )}
      {data && data.docs.length === 0 && !error && (
        <Empty
          entity={entity}
          trash={trash}
          filtered={Boolean(state.search || state.conditions.length)}
        />
      )}
      {data && data.docs.length > 0 && (
        <Table
          slug={entity.slug}
          caption={title}
          columns={shown}
          titleField={titleOf(entity)}
          docs={docs ?? data.docs}
          sort={state.sort}
          onSort={(sort) => set({ sort, page: 1 })}
          selectable={canUpdate || canDelete}
          selected={selected}
          onSelect={setSelected}
          linked={!trash}
        />
      )}
      {data && (
        <Pagination
          page={data.page ?? state.page}
          totalPages={data.totalPages}
          totalDocs={data.totalDocs}
          limit={state.limit}
          limits={limitsOf(entity, state.limit)}
          onPage={(page) => set({ page })}
          onLimit={(limit) => set({ limit, page: 1 })}
        />
      )}
    </main>
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
            Create new
          </Link>
        )}
        {entity.trash && (
          <Link to={trash ? base : `${base}/trash`} className="button secondary">
            {trash ? `Back to ${entity.labels.plural}` : 'Trash'}
          </Link>
        )}
      </div>
      {entity.description && <p className="field-description">{entity.description}</p>}
    </>
  )
}

function Empty(props: { entity: AdminEntity; trash: boolean; filtered: boolean }) {
  const plural = props.entity.labels.plural
  return (
    <p className="empty">
      {props.trash
        ? 'The trash is empty.'
        : props.filtered
          ? `No ${plural} match.`
          : `No ${plural} yet.`}
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
