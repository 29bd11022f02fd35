/** What the form says while another user holds the document's lock (edit/useLock.ts), with "Take over". */
import type { LockState } from './useLock.ts'

export function LockNotice(props: { lock: LockState; label: string }) {
  const { heldBy, released, busy, error, takeOver } = props.lock
  if (error && !heldBy)
    return (
      <p role="alert" className="form-error panel">
        Could not lock this {props.label}: {error}
      </p>
    )
  if (!heldBy) return null
  if (released && !heldBy.tookOver)
    return (
      <div role="status" className="notice lock-notice">
        <p>
          {heldBy.name} is no longer editing this {props.label}. Reload to see their changes and
          edit it.
        </p>
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    )
  return (
    <div role="alert" className="notice lock-notice">
      <p>
        {heldBy.tookOver
          ? `${heldBy.name} has taken over editing this ${props.label}. Your changes here cannot be saved unless you take it back.`
          : `${heldBy.name} is editing this ${props.label}. The form is read only until you take over.`}
      </p>
      <button type="button" className="secondary" disabled={busy} onClick={takeOver}>
        {heldBy.tookOver ? 'Take back' : 'Take over'}
      </button>
    </div>
  )
}
