/**
 * Bulk actions on the selected rows, or on every document the list's filter matches ("Select all N", across
 * pages: the actions then send the list's `where`, not ids): edit chosen fields (list/BulkEdit.tsx, a lazy chunk),
 * delete (or move to the trash), publish and unpublish on drafts-enabled collections, and in the trash view
 * restore and delete permanently. Each reports the server's message and the documents it refused.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { collection, messageOf } from '../api.ts'
import { t } from '../i18n.ts'
import type { AdminEntity } from '../schema.ts'

const BulkEdit = lazy(() => import('./BulkEdit.tsx'))

export interface BulkOutcome {
  message: string
  errors: { id: unknown; message: string }[]
  failed?: boolean
}

type Where = Record<string, unknown>

type Action = {
  label: string
  danger?: boolean
  confirm?: string
  run(): Promise<BulkOutcome>
}

/** The list's selection: ids of its page, or every document of the filter (`all`). Both end when the page changes. */
export function useSelection(page: { docs: { id: unknown }[] } | undefined) {
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [all, setAll] = useState(false)
  useEffect(() => {
    setSelected(new Set())
    setAll(false)
  }, [page])
  // Choosing rows by hand ends "all".
  const onSelect = (next: Set<string>) => {
    setSelected(next)
    setAll(false)
  }
  // "Select all N" checks the page's rows too; "Clear selection" unchecks them.
  const onAll = (on: boolean) => {
    setSelected(new Set(on ? page?.docs.map((d) => String(d.id)) : []))
    setAll(on)
  }
  return { selected, onSelect, all, onAll }
}

const apiId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id)

/** Payload's text without its markup (`<1>…</1>`), for a confirm(). */
const plain = (text: string) => text.replace(/<\/?\d+>/g, '')

function actionsOf(
  props: { entity: AdminEntity; trash: boolean; canUpdate: boolean; canDelete: boolean },
  where: Where,
  what: { count: number; label: string },
): Action[] {
  const { entity } = props
  const api = collection(entity.slug)
  const actions: Action[] = []
  if (props.trash) {
    if (props.canUpdate)
      actions.push({
        label: t('general:restore'),
        run: () => api.updateMany(where, { deletedAt: null }, { trash: true }),
      })
    if (props.canDelete)
      actions.push({
        label: t('general:permanentlyDelete'),
        danger: true,
        confirm: plain(t('general:aboutToPermanentlyDeleteTrash', what)),
        run: () => api.deleteMany(where, { trash: true }),
      })
    return actions
  }
  if (props.canUpdate && entity.drafts) {
    actions.push({
      label: t('version:publish'),
      run: () => api.updateMany(where, { _status: 'published' }),
    })
    actions.push({
      label: t('version:unpublish'),
      run: () => api.updateMany(where, { _status: 'draft' }),
    })
  }
  if (props.canDelete && entity.trash && props.canUpdate)
    actions.push({
      label: t('cms:moveToTrash'),
      danger: true,
      confirm: t('general:aboutToTrashCount', what),
      run: () => api.updateMany(where, { deletedAt: new Date().toISOString() }),
    })
  else if (props.canDelete)
    actions.push({
      label: t('general:delete'),
      danger: true,
      confirm: t('general:aboutToDeleteCount', what),
      run: () => api.deleteMany(where),
    })
  return actions
}

export function Bulk(props: {
  entity: AdminEntity
  ids: string[]
  /** Every document `where` matches is selected (`total` of them), not only `ids`. */
  all: boolean
  total: number
  /** The list's request `where` (search, filters, the trash). */
  where?: Where
  locale?: string
  trash: boolean
  canUpdate: boolean
  canDelete: boolean
  onAll(all: boolean): void
  onDone(outcome: BulkOutcome): void
}) {
  const { entity, ids, all, total } = props
  const [busy, setBusy] = useState(false)
  const [editing, setEditing] = useState(false)
  // Across pages the filter itself (any document when there is none); else the ids chosen.
  const where = all ? (props.where ?? { id: { exists: true } }) : { id: { in: ids.map(apiId) } }
  const n = all ? total : ids.length
  const what = { count: n, label: n === 1 ? entity.labels.singular : entity.labels.plural }
  const actions = actionsOf(props, where, what)
  const run = async (a: Action) => {
    if (a.confirm && !window.confirm(a.confirm)) return
    setBusy(true)
    try {
      props.onDone((await a.run()) as BulkOutcome)
    } catch (e) {
      props.onDone({ message: messageOf(e), errors: [], failed: true })
    } finally {
      setBusy(false)
    }
  }
  const canEdit = props.canUpdate && !props.trash
  if (!actions.length && !canEdit) return null
  return (
    <div className="toolbar bulk" role="group" aria-label={t('cms:bulkActions')}>
      <span aria-live="polite">
        {t('general:selectedCount', { count: n, label: all ? what.label : '' }).replace(
          /\s+/g,
          ' ',
        )}
      </span>
      {!all && total > n && (
        <button type="button" className="secondary small" onClick={() => props.onAll(true)}>
          {t('general:selectAll', { count: total, label: entity.labels.plural })}
        </button>
      )}
      {all && (
        <button type="button" className="secondary small" onClick={() => props.onAll(false)}>
          {t('general:deselectAllRows')}
        </button>
      )}
      {canEdit && (
        <button type="button" className="small" disabled={busy} onClick={() => setEditing(true)}>
          {t('general:edit')}
        </button>
      )}
      {actions.map((a) => (
        <button
          key={a.label}
          type="button"
          className={a.danger ? 'danger small' : 'small'}
          disabled={busy || n === 0}
          onClick={() => void run(a)}
        >
          {a.label}
        </button>
      ))}
      {editing && (
        <Suspense fallback={<p className="drawer-loading">{t('general:loading')}</p>}>
          <BulkEdit
            entity={entity}
            where={where}
            count={n}
            locale={props.locale}
            onClose={() => setEditing(false)}
            onDone={(o) => {
              setEditing(false)
              props.onDone(o)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}

/** What the last bulk action said: how many documents changed and, per document refused, its id and why. */
export function BulkReport(props: { outcome?: BulkOutcome; error?: string }) {
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
        <>
          <p>{t('cms:failedCount', { count: outcome.errors.length })}:</p>
          <ul>
            {outcome.errors.map((e) => (
              <li key={String(e.id)}>
                #{String(e.id)}: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
