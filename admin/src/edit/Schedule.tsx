/**
 * Payload's "Schedule Publish" (`versions.drafts.schedulePublish`; docs/jobs.md): a dialog beside the publish
 * buttons that queues the `schedulePublish` task for a date and time (publish, or unpublish), lists the upcoming
 * schedules of the document and cancels them. Through the SDK: a schedule is a `payload-jobs` document (`taskSlug`,
 * `input: { type, doc: { relationTo, value } | global }`, `waitUntil`); an editor may queue one for a
 * document it may update and read and cancel the ones it queued (server/config/sanitize/schedule-access.ts). Loaded
 * lazily, when the dialog first opens.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { collection, messageOf } from '../api.ts'
import { formatDate, t } from '../i18n.ts'
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
const inputOf = (target: ScheduleTarget) =>
  target.kind === 'collection'
    ? { doc: { relationTo: target.slug, value: apiId(target.id ?? '') } }
    : { global: target.slug }

/** The pending schedules of the target: not run, not failed, soonest first. */
async function upcoming(of: ScheduleTarget): Promise<Job[]> {
  const target =
    of.kind === 'collection'
      ? [
          { 'input.doc.relationTo': { equals: of.slug } },
          { 'input.doc.value': { equals: apiId(of.id ?? '') } },
        ]
      : [{ 'input.global': { equals: of.slug } }]
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

/** A schedule's date, to the second (schedules close together must differ). */
const dateOf = (value: string | undefined): string =>
  value ? formatDate(value, { dateStyle: 'medium', timeStyle: 'medium' }) : ''

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
      setError(t('cms:chooseFutureTime'))
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
      const date = dateOf(at.toISOString())
      return t(type === 'publish' ? 'cms:publishingScheduled' : 'cms:unpublishingScheduled', {
        date,
      })
    })
  }
  const cancel = (job: Job) =>
    void act(async () => {
      await jobs().delete(job.id, { depth: 0 })
      return t('cms:scheduleCancelled', { date: dateOf(job.waitUntil) })
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
  const [at, setAt] = useState(() => localInput(new Date(Date.now() + 60 * 60 * 1000)))
  const { list, error, said, busy, schedule, cancel } = useSchedules(target)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // The dialog is rendered in a portal, but React bubbles its submit to the edit form around it.
    e.stopPropagation()
    schedule(type, at)
  }
  return createPortal(
    <dialog
      ref={dialog}
      className="schedule-dialog"
      aria-labelledby="schedule-title"
      onClose={props.onClose}
    >
      <h2 id="schedule-title">{t('version:schedulePublish')}</h2>
      <p className="muted">{t('cms:scheduleIntro', { label })}</p>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('version:type')}</legend>
          {(['publish', 'unpublish'] as const).map((option) => (
            <label key={option} className="checkbox">
              <input
                type="radio"
                name="schedule-type"
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
              />{' '}
              {t(`version:${option}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor="schedule-when">{t('general:time')}</label>
        <input
          id="schedule-when"
          type="datetime-local"
          step={1}
          required
          value={at}
          aria-describedby="schedule-zone"
          onChange={(e) => setAt(e.target.value)}
        />
        <p id="schedule-zone" className="muted">
          {t('cms:inYourTimeZone', { zone })}
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
            {t('general:save')}
          </button>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            {t('general:close')}
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
      <h3 id="schedule-upcoming">{t('general:upcomingEvents')}</h3>
      {list.length === 0 ? (
        <p className="empty">{t('general:noUpcomingEventsScheduled')}</p>
      ) : (
        <table className="schedule-table">
          <caption className="visually-hidden">{t('cms:scheduleCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('general:time')}</th>
              <th scope="col">{t('version:type')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('general:cancel')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((job) => (
              <tr key={String(job.id)}>
                <td>{dateOf(job.waitUntil)}</td>
                <td>
                  {t(job.input?.type === 'unpublish' ? 'version:unpublish' : 'version:publish')}
                </td>
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    onClick={() => props.cancel(job)}
                  >
                    {t('general:cancel')}
                    <span className="visually-hidden">
                      {' '}
                      {t('cms:theScheduleOf', { date: dateOf(job.waitUntil) })}
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
