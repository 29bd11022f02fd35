/**
 * The options of a related collection, for a relationship or upload field, a filter's value or a rich-text insert:
 * listed as soon as the search box has focus (the first ten by title), narrowed as one types (`like` on the
 * title field; by id where the collection has none), each option a button. ArrowDown/ArrowUp move between the box
 * and the options, Escape closes them, Tab leaves them; "Show more" asks for ten more.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { collection, type Doc } from '../api.ts'
import { t } from '../i18n.ts'
import { useSession } from '../session.tsx'
import { storedUpload } from '../upload/files.ts'
import { rememberDoc, titleFieldOf, titleOf, type Id } from './titles.ts'

export interface Option {
  id: Id
  title: string
  /** An upload's small image. */
  thumbnail?: string
}

const PAGE = 10

interface Found {
  options: Option[]
  more: boolean
  loading: boolean
}

function whereFor(field: string | undefined, text: string): Record<string, unknown> | undefined {
  if (!text) return undefined
  if (field) return { [field]: { like: text } }
  return { id: { equals: Number.isNaN(Number(text)) ? text : Number(text) } }
}

/** The options while the list is open: the first `limit` documents matching the text, by title. */
function useOptions(slug: string, text: string, limit: number, open: boolean): Found {
  const { description } = useSession()
  const [found, setFound] = useState<Found>({ options: [], more: false, loading: false })
  useEffect(() => {
    if (!open) return
    let live = true
    const field = titleFieldOf(description, slug)
    const q = text.trim()
    setFound((f) => ({ ...f, loading: true }))
    const where = whereFor(field, q)
    const query = {
      limit,
      depth: 0,
      ...(where ? { where } : {}),
      ...(field ? { sort: field } : {}),
    }
    // Typing waits for a pause; the first list comes at once.
    const timer = setTimeout(
      () => {
        collection(slug)
          .find(query)
          .then((r: { docs: Doc[]; hasNextPage?: boolean }) => {
            if (!live) return
            r.docs.forEach((d) => rememberDoc(slug, d))
            const options = r.docs.map((d) => ({
              id: d.id,
              title: titleOf(description, slug, d),
              thumbnail: storedUpload(d)?.thumbnail,
            }))
            setFound({ options, more: Boolean(r.hasNextPage), loading: false })
          })
          .catch(() => live && setFound({ options: [], more: false, loading: false }))
      },
      q ? 200 : 0,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [open, slug, text, limit, description])
  return found
}

export function Search(props: {
  slug: string
  inputId: string
  label: string
  onPick: (id: Id, option: Option) => void
  describedBy?: string
  /** Ids already chosen: not offered again. */
  exclude?: Id[]
}) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [limit, setLimit] = useState(PAGE)
  const found = useOptions(props.slug, text, limit, open)
  const listId = useId()
  const box = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const excluded = new Set((props.exclude ?? []).map(String))
  const shown = found.options.filter((o) => !excluded.has(String(o.id)))
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      // Only the options close (not a drawer around them).
      e.preventDefault()
      e.stopPropagation()
      setOpen(false)
      input.current?.focus()
      return
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    e.preventDefault()
    if (!open) return setOpen(true)
    const buttons = [...(box.current?.querySelectorAll<HTMLElement>('.option') ?? [])]
    const at = buttons.indexOf(document.activeElement as HTMLElement)
    const next = e.key === 'ArrowDown' ? at + 1 : at - 1
    if (next < 0) input.current?.focus()
    else buttons[Math.min(next, buttons.length - 1)]?.focus()
  }
  const pick = (o: Option) => {
    props.onPick(o.id, o)
    setText('')
    setOpen(false)
    setLimit(PAGE)
  }
  return (
    <div
      className="picker"
      ref={box}
      onKeyDown={keys}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <input
        ref={input}
        id={props.inputId}
        type="search"
        autoComplete="off"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        aria-controls={open ? listId : undefined}
        placeholder={t('cms:searchPlaceholder')}
        value={text}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          setLimit(PAGE)
        }}
      />
      {open && (
        <Results
          id={listId}
          label={props.label}
          text={text.trim()}
          found={found}
          shown={shown}
          pick={pick}
          more={() => setLimit((n) => n + PAGE)}
        />
      )}
    </div>
  )
}

/** The open list: the options as buttons, what is shown when there are none, "Show more". */
function Results(props: {
  id: string
  label: string
  text: string
  found: Found
  shown: Option[]
  pick: (o: Option) => void
  more: () => void
}) {
  const { shown, found } = props
  return (
    // A press on an option keeps the focus in the box until the click lands (the list would close first).
    <div className="picker-results" id={props.id} onMouseDown={(e) => e.preventDefault()}>
      {shown.length > 0 && (
        <ul aria-label={t('cms:optionsFor', { label: props.label })}>
          {shown.map((o) => (
            <li key={String(o.id)}>
              <button type="button" className="link option" onClick={() => props.pick(o)}>
                {o.thumbnail && <img className="option-thumb" src={o.thumbnail} alt="" />}
                {o.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown.length === 0 && (
        <p className="muted">
          {found.loading
            ? `${t('general:loading')}…`
            : props.text
              ? t('cms:noMatchFor', { text: props.text })
              : t('general:noOptions')}
        </p>
      )}
      {found.more && (
        <button type="button" className="secondary small" onClick={props.more}>
          {t('cms:showMore')}
        </button>
      )}
    </div>
  )
}
