/**
 * The document's buttons: save/draft/publish/unpublish, "Schedule" (scheduled publishing, its dialog loaded
 * lazily), duplicate, delete, and the link to its versions.
 */
import { lazy, Suspense, useState } from 'react'
import { collection, messageOf } from '../api.ts'
import { titleOf } from '../fields/titles.ts'
import { t } from '../i18n.ts'
import { Link, navigate } from '../router.tsx'
import { useSession } from '../session.tsx'
import { apiId, type Loaded, type Target } from './useDocument.ts'
import type { SaveMode } from './save.ts'

const ScheduleDialog = lazy(() => import('./Schedule.tsx'))

/** "Schedule Publish": opens the dialog that schedules publishing or unpublishing (`versions.drafts.schedulePublish`). */
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
        {t('version:schedulePublish')}
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
  /** The document or global: with scheduled publishing, "Schedule Publish" is offered on a saved one. */
  target?: Target
}) {
  const { loaded, busy, save } = props
  if (!loaded.entity.drafts)
    return (
      <button type="submit" disabled={busy}>
        {busy ? t('general:saving') : t('general:save')}
      </button>
    )
  return (
    <>
      <button type="submit" className="secondary" disabled={busy}>
        {t('version:saveDraft')}
      </button>
      <button type="button" disabled={busy} onClick={() => save('publish')}>
        {t('version:publishChanges')}
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
          {t('version:unpublish')}
        </button>
      )}
    </>
  )
}

/** A translation's text without its markup (`<1>title</1>`), for a confirm dialog. */
const plain = (text: string): string => text.replace(/<\/?\d+>/g, '')

/** Duplicate, delete or move to the trash (confirmed), versions: on an existing document of a collection. */
export function DocActions(props: {
  target: Target
  loaded: Loaded
  canDelete: boolean
  canCreate: boolean
}) {
  const { target, loaded } = props
  const [error, setError] = useState<string>()
  const { description } = useSession()
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
    const named = {
      label: loaded.entity.labels.singular,
      title: titleOf(description, slug, loaded.doc),
    }
    const question = t(trash ? 'general:aboutToTrash' : 'general:aboutToDelete', named)
    if (!window.confirm(plain(question))) return
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
          {t('general:duplicate')}
        </button>
      )}
      {props.canDelete && (
        <button type="button" className="danger" onClick={() => void remove()}>
          {trash ? t('cms:moveToTrash') : t('general:delete')}
        </button>
      )}
      {loaded.entity.versions && (
        <Link to={`/collections/${slug}/${target.id}/versions`}>{t('version:versions')}</Link>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  )
}
