/** What the form says while another user holds the document's lock (edit/useLock.ts), with "Take over". */
import { t } from '../i18n.ts'
import type { LockState } from './useLock.ts'

export function LockNotice(props: { lock: LockState; label: string }) {
  const { heldBy, released, busy, error, takeOver } = props.lock
  if (error && !heldBy)
    return (
      <p role="alert" className="form-error panel">
        {t('cms:couldNotLock', { label: props.label, error })}
      </p>
    )
  if (!heldBy) return null
  const named = { name: heldBy.name, label: props.label }
  if (released && !heldBy.tookOver)
    return (
      <div role="status" className="notice lock-notice">
        <p>{t('cms:noLongerEditing', named)}</p>
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          {t('general:reloadDocument')}
        </button>
      </div>
    )
  return (
    <div role="alert" className="notice lock-notice">
      <p>{t(heldBy.tookOver ? 'cms:tookOverEditing' : 'cms:isEditingReadOnly', named)}</p>
      <button type="button" className="secondary" disabled={busy} onClick={takeOver}>
        {heldBy.tookOver ? t('cms:takeBack') : t('general:takeOver')}
      </button>
    </div>
  )
}
