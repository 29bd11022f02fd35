/**
 * Payload's "Schedule publish" (`versions.drafts.schedulePublish`; docs/jobs.md): a dialog beside the publish
 * buttons that queues the `schedulePublish` task for a date and time (publish, or unpublish), lists the upcoming
 * schedules of the document and cancels them. Through the SDK: a schedule is a `payload-jobs` document (`taskSlug`,
 * `input: { type, doc: { relationTo, value } | global }`, `waitUntil`); an editor may queue one for a
 * document it may update and read and cancel the ones it queued (server/config/sanitize/schedule-access.ts). Loaded
 * lazily, when the dialog first opens.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { collection, messageOf } from '../api.ts'
import { formatDate } from '../list/cells.ts'
import { apiId } from './useDocument.ts'

export interface ScheduleTarget {
  kind: 'collection' | 'global'
  slug: string
  id?: string
  locale?: string
}

interface Job {
  id: string | number
  waitUntil?: string
  input?: { type?: string }
}

const jobs = () => collection('payload-jobs')

/** The target as the task's input names it. */
const inputOf = (t: ScheduleTarget) =>
  t.kind === 'collection'
    ? { doc: { relationTo: t.slug, value: apiId(t.id ?? '') } }
    : { global: t.slug }

/** The pending schedules of the target: not run, not failed, soonest first. */
async function upcoming(t: ScheduleTarget): Promise<Job[]> {
  const target =
    t.kind === 'collection'
      ? [
          { 'input.doc.relationTo': { equals: t.slug } },
          { 'input.doc.value': { equals: apiId(t.id ?? '') } },
        ]
      : [{ 'input.global': { equals: t.slug } }]
  const r = (await jobs().find({
    where: {
      and: [
        { taskSlug: { equals: 'schedulePublish' } },
        ...target,
        { completedAt: { exists: false } },
        { hasError: { not_equals: true } },
      ],
    },
    sort: 'waitUntil',
    limit: 50,
    depth: 0,
  })) as { docs: Job[] }
  return r.docs
}

/** `datetime-local`'s value for a date, in the browser's time zone, to the second. */
function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

/** The schedules of the target, and scheduling and cancelling with what the server answered. */
function useSchedules(target: ScheduleTarget) {
  const [list, setList] = useState<Job[]>()
  const [error, setError] = useState<string>()
  const [said, setSaid] = useState<string>()
  const [busy, setBusy] = useState(false)
  const refresh = () =>
    upcoming(target)
      .then(setList)
      .catch(() => setList(undefined))
  useEffect(() => {
    void refresh()
  }, [])
  const act = async (work: () => Promise<string>) => {
    setError(undefined)
    setSaid(undefined)
    setBusy(true)
    try {
      setSaid(await work())
      await refresh()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  const schedule = (type: 'publish' | 'unpublish', when: string) => {
    const at = new Date(when)
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      setSaid(undefined)
      setError('Choose a date and time in the future.')
      return
    }
    void act(async () => {
      await jobs().create(
        {
          taskSlug: 'schedulePublish',
          // No `locale`: the status is one per document here (no localizeStatus), so every locale publishes.
          input: { type, ...inputOf(target) },
          waitUntil: at.toISOString(),
        },
        { depth: 0 },
      )
      const what = type === 'publish' ? 'Publishing' : 'Unpublishing'
      return `${what} scheduled for ${formatDate(at.toISOString(), true)}.`
    })
  }
  const cancel = (job: Job) =>
    void act(async () => {
      await jobs().delete(job.id, { depth: 0 })
      return `The schedule for ${formatDate(job.waitUntil, true)} is cancelled.`
    })
  return { list, error, said, busy, schedule, cancel }
}

export default function ScheduleDialog(props: {
  target: ScheduleTarget
  label: string
  onClose: () => void
}) {
  const { target, label } = props
  const dialog = useRef<HTMLDialogElement>(null)
  const [type, setType] = useState<'publish' | 'unpublish'>('publish')
  const [when, setWhen] = useState(() => localInput(new Date(Date.now() + 60 * 60 * 1000)))
  const { list, error, said, busy, schedule, cancel } = useSchedules(target)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // The dialog is rendered in a portal, but React bubbles its submit to the edit form around it.
    e.stopPropagation()
    schedule(type, when)
  }
  return createPortal(
    <dialog
      ref={dialog}
      className="schedule-dialog"
      aria-labelledby="schedule-title"
      onClose={props.onClose}
    >
      <h2 id="schedule-title">Schedule publish</h2>
      <p className="muted">
        Publish or unpublish this {label} at a set time; the newest draft is what gets published.
      </p>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Action</legend>
          {(['publish', 'unpublish'] as const).map((t) => (
            <label key={t} className="checkbox">
              <input
                type="radio"
                name="schedule-type"
                value={t}
                checked={type === t}
                onChange={() => setType(t)}
              />{' '}
              {t === 'publish' ? 'Publish' : 'Unpublish'}
            </label>
          ))}
        </fieldset>
        <label htmlFor="schedule-when">Date and time</label>
        <input
          id="schedule-when"
          type="datetime-local"
          step={1}
          required
          value={when}
          aria-describedby="schedule-zone"
          onChange={(e) => setWhen(e.target.value)}
        />
        <p id="schedule-zone" className="muted">
          In your time zone ({zone}).
        </p>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <p role="status" className="notice-line">
          {said}
        </p>
        <div className="toolbar">
          <button type="submit" disabled={busy}>
            Schedule
          </button>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </form>
      <Upcoming list={list} cancel={cancel} />
    </dialog>,
    document.body,
  )
}

function Upcoming(props: { list?: Job[]; cancel: (job: Job) => void }) {
  const { list } = props
  if (!list) return null
  return (
    <section aria-labelledby="schedule-upcoming">
      <h3 id="schedule-upcoming">Upcoming</h3>
      {list.length === 0 ? (
        <p className="empty">Nothing scheduled.</p>
      ) : (
        <table className="schedule-table">
          <caption className="visually-hidden">Scheduled publishing, soonest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">
                <span className="visually-hidden">Cancel</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((job) => (
              <tr key={String(job.id)}>
                <td>{formatDate(job.waitUntil, true)}</td>
                <td>{job.input?.type === 'unpublish' ? 'Unpublish' : 'Publish'}</td>
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    onClick={() => props.cancel(job)}
                  >
                    Cancel
                    <span className="visually-hidden">
                      {' '}
                      the schedule of {formatDate(job.waitUntil, true)}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
