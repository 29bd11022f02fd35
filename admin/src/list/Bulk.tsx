/**
 * Bulk actions on the selected rows: delete (or move to the trash), publish and unpublish on drafts-enabled
 * collections, and in the trash view restore and delete permanently. Each reports the server's message and the
 * documents it refused.
 */
import { useState } from 'react'
import { collection, messageOf } from '../api.ts'
import type { AdminEntity } from '../schema.ts'

export interface BulkOutcome {
  message: string
  errors: { id: unknown; message: string }[]
  failed?: boolean
}

type Action = {
  label: string
  danger?: boolean
  confirm?: string
  run(): Promise<BulkOutcome>
}

export function Bulk(props: {
  entity: AdminEntity
  ids: string[]
  trash: boolean
  canUpdate: boolean
  canDelete: boolean
  onDone(outcome: BulkOutcome): void
}) {
  const { entity, ids, trash } = props
  const [busy, setBusy] = useState(false)
  const api = collection(entity.slug)
  const where = { id: { in: ids.map((id) => (/^\d+$/.test(id) ? Number(id) : id)) } }
  const n = ids.length
  const what = `${n} ${n === 1 ? entity.labels.singular : entity.labels.plural}`
  const actions: Action[] = []
  if (trash) {
    if (props.canUpdate)
      actions.push({
        label: 'Restore',
        run: () => api.updateMany(where, { deletedAt: null }, { trash: true }),
      })
    if (props.canDelete)
      actions.push({
        label: 'Delete permanently',
        danger: true,
        confirm: `Delete ${what} permanently? This cannot be undone.`,
        run: () => api.deleteMany(where, { trash: true }),
      })
  } else {
    if (props.canUpdate && entity.drafts) {
      actions.push({
        label: 'Publish',
        run: () => api.updateMany(where, { _status: 'published' }),
      })
      actions.push({
        label: 'Unpublish',
        run: () => api.updateMany(where, { _status: 'draft' }),
      })
    }
    if (props.canDelete && entity.trash && props.canUpdate)
      actions.push({
        label: 'Move to trash',
        danger: true,
        confirm: `Move ${what} to the trash?`,
        run: () => api.updateMany(where, { deletedAt: new Date().toISOString() }),
      })
    else if (props.canDelete)
      actions.push({
        label: 'Delete',
        danger: true,
        confirm: `Delete ${what}? This cannot be undone.`,
        run: () => api.deleteMany(where),
      })
  }
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
  if (!actions.length) return null
  return (
    <div className="toolbar bulk" role="group" aria-label="Bulk actions">
      <span>{n} selected</span>
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
    </div>
  )
}
