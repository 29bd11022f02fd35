/**
 * Relationship and upload fields: a search box over the related collection (its `useAsTitle`), the chosen
 * documents by title (hasMany keeps a list), the collection picked first when `relationTo` is a list (stored
 * `{ relationTo, value }`), and a link to create a related document.
 */
import { useEffect, useState } from 'react'
import { collection } from '../api.ts'
import { useSession } from '../session.tsx'
import { Link } from '../router.tsx'
import { idOf } from '../edit/state.ts'
import { inputAttrs, Shell, useValue, type FieldProps } from './Shell.tsx'

type Id = string | number
type Poly = { relationTo: string; value: Id | { id: Id } }
type One = Id | Poly | { id: Id }

const titles = new Map<string, Promise<string>>()

export function useTitleField(slug: string): string | undefined {
  const entity = useSession().description.collections.find((c) => c.slug === slug)
  if (!entity) return undefined
  if (entity.useAsTitle) return entity.useAsTitle
  if (entity.upload) return 'filename'
  // Without useAsTitle, a top-level `title` or `name` text field titles the documents better than their ids.
  const names = (entity.fields as { name?: string; type?: string }[])
    .filter((f) => f.type === 'text')
    .map((f) => f.name)
  return names.find((n) => n === 'title' || n === 'name')
}

/** The related document's title (its `useAsTitle`), fetched once per document. */
export function Title(props: { slug: string; id: Id }) {
  const titleField = useTitleField(props.slug)
  const [text, setText] = useState(String(props.id))
  useEffect(() => {
    const key = `${props.slug}/${props.id}`
    if (!titles.has(key))
      titles.set(
        key,
        collection(props.slug)
          .findByID(props.id, { depth: 0 })
          .then((d: Record<string, unknown>) =>
            String((titleField && d[titleField]) || `${props.slug} ${props.id}`),
          )
          .catch(() => `${props.slug} ${props.id}`),
      )
    let live = true
    void titles.get(key)!.then((t) => live && setText(t))
    return () => {
      live = false
    }
  }, [props.slug, props.id, titleField])
  return <>{text}</>
}

const idOfOne = (v: One): Id =>
  typeof v === 'object' ? ('relationTo' in v ? idOfOne(v.value as One) : v.id) : v
const slugOfOne = (v: One, fallback: string): string =>
  typeof v === 'object' && 'relationTo' in v ? v.relationTo : fallback

export function Search(props: {
  slug: string
  inputId: string
  label: string
  onPick: (id: Id) => void
  describedBy?: string
}) {
  const titleField = useTitleField(props.slug)
  const [text, setText] = useState('')
  const [results, setResults] = useState<{ id: Id; title: string }[]>([])
  useEffect(() => {
    if (!text.trim()) return setResults([])
    let live = true
    const where = titleField
      ? { [titleField]: { like: text } }
      : { id: { equals: Number.isNaN(Number(text)) ? text : Number(text) } }
    const timer = setTimeout(() => {
      collection(props.slug)
        .find({ where, limit: 10, depth: 0 })
        .then((r: { docs: Record<string, unknown>[] }) => {
          if (live)
            setResults(
              r.docs.map((d) => ({
                id: d.id as Id,
                title: String((titleField && d[titleField]) || d.id),
              })),
            )
        })
        .catch(() => live && setResults([]))
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text, props.slug, titleField])
  return (
    <div className="picker">
      <input
        id={props.inputId}
        type="search"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        placeholder="Search…"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {results.length > 0 && (
        <ul className="picker-results" aria-label={`Results for ${props.label}`}>
          {results.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="link"
                onClick={() => {
                  props.onPick(r.id)
                  setText('')
                }}
              >
                {r.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function Relationship(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<One | One[] | null>(path)
  const targets = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo ?? '']
  const poly = Array.isArray(field.relationTo)
  const [target, setTarget] = useState(targets[0])
  const list: One[] = field.hasMany
    ? Array.isArray(value)
      ? value
      : []
    : value != null && !Array.isArray(value)
      ? [value]
      : []
  const pick = (id: Id) => {
    const one: One = poly ? { relationTo: target, value: id } : id
    set(field.hasMany ? [...list, one] : one)
  }
  const remove = (i: number) => set(field.hasMany ? list.filter((_, j) => j !== i) : null)
  const attrs = inputAttrs(field, path, error)
  return (
    <Shell {...props}>
      {list.length > 0 && (
        <ul className="chosen">
          {list.map((v, i) => (
            <li key={`${slugOfOne(v, targets[0])}-${idOfOne(v)}`}>
              <Title slug={slugOfOne(v, targets[0])} id={idOfOne(v)} />
              {poly && <span className="muted"> ({slugOfOne(v, targets[0])})</span>}
              {!readOnly && (
                <button type="button" className="link small" onClick={() => remove(i)}>
                  Remove<span className="visually-hidden"> {String(idOfOne(v))}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length === 0 && readOnly && <p className="muted">None</p>}
      {!readOnly && (field.hasMany || list.length === 0) && (
        <div className="picker-line">
          {poly && (
            <>
              <label htmlFor={`${idOf(path)}-collection`} className="visually-hidden">
                Collection for {field.label ?? field.name}
              </label>
              <select
                id={`${idOf(path)}-collection`}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              >
                {targets.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </>
          )}
          <Search
            slug={target}
            inputId={attrs.id}
            label={`Search ${field.label ?? field.name}`}
            describedBy={attrs['aria-describedby']}
            onPick={pick}
          />
          <Link to={`/collections/${target}/create`} className="small">
            Create new<span className="visually-hidden"> {target}</span>
          </Link>
        </div>
      )}
    </Shell>
  )
}
