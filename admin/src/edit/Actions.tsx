/**
 * The document's buttons: save/draft/publish/unpublish, "Schedule" (scheduled publishing, its dialog loaded
 * lazily), duplicate, delete, and the link to its versions.
 */
import { lazy, Suspense, useState } from 'react'
import { collection, messageOf } from '../api.ts'
import { Link, navigate } from '../router.tsx'
import { apiId, type Loaded, type Target } from './useDocument.ts'
import type { SaveMode } from './save.ts'

const ScheduleDialog = lazy(() => import('./Schedule.tsx'))

/** "Schedule…": opens the dialog that schedules publishing or unpublishing (`versions.drafts.schedulePublish`). */
function ScheduleButton(props: { target: Target; label: string; busy: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-haspopup="dialog"
        disabled={props.busy}
        onClick={() => setOpen(true)}
      >
        Schedule…
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScheduleDialog
            target={props.target}
            label={props.label}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}

export function SaveButtons(props: {
  loaded: Loaded
  op: 'create' | 'update'
  busy: boolean
  /** A published version exists (drafts on): it can be unpublished, whatever the newest draft says. */
  published: boolean
  save: (mode: SaveMode) => void
  /** The document or global: with scheduled publishing, "Schedule…" is offered on a saved one. */
  target?: Target
}) {
  const { loaded, busy, save } = props
  if (!loaded.entity.drafts)
    return (
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
    )
  return (
    <>
      <button type="submit" className="secondary" disabled={busy}>
        Save draft
      </button>
      <button type="button" disabled={busy} onClick={() => save('publish')}>
        Publish
      </button>
      {loaded.entity.schedulePublish && props.target && props.op === 'update' && (
        <ScheduleButton target={props.target} label={loaded.entity.labels.singular} busy={busy} />
      )}
      {props.published && props.op === 'update' && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => save('unpublish')}
        >
          Unpublish
        </button>
      )}
    </>
  )
}

/** Duplicate, delete or move to the trash (confirmed), versions: on an existing document of a collection. */
export function DocActions(props: {
  target: Target
  loaded: Loaded
  canDelete: boolean
  canCreate: boolean
}) {
  const { target, loaded } = props
  const [error, setError] = useState<string>()
  if (target.kind !== 'collection' || !target.id) return null
  const slug = target.slug
  const id = apiId(target.id)
  const duplicate = async () => {
    try {
      const r = (await collection(slug).duplicate(id, undefined, { depth: 0 })) as {
        doc: { id: string | number }
      }
      navigate(`/collections/${slug}/${r.doc.id}`)
    } catch (e) {
      setError(messageOf(e))
    }
  }
  // Where the collection has a trash, a document moves there (restorable from the trash view).
  const trash = loaded.entity.trash
  const remove = async () => {
    const what = `this ${loaded.entity.labels.singular}`
    if (
      !window.confirm(
        trash ? `Move ${what} to the trash?` : `Delete ${what}? This cannot be undone.`,
      )
    )
      return
    try {
      if (trash)
        await collection(slug).update(id, { deletedAt: new Date().toISOString() }, { depth: 0 })
      else await collection(slug).delete(id, { depth: 0 })
      navigate(`/collections/${slug}`, { force: true })
    } catch (e) {
      setError(messageOf(e))
    }
  }
  return (
    <div className="doc-actions">
      {props.canCreate && (
        <button type="button" className="secondary" onClick={() => void duplicate()}>
          Duplicate
        </button>
      )}
      {props.canDelete && (
        <button type="button" className="danger" onClick={() => void remove()}>
          {trash ? 'Move to trash' : 'Delete'}
        </button>
      )}
      {loaded.entity.versions && (
        <Link to={`/collections/${slug}/${target.id}/versions`}>Versions</Link>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  )
}
