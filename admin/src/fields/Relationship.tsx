/**
 * Relationship fields: the chosen documents by title (hasMany keeps a list), the related collection's options
 * listed as soon as the search box has focus and narrowed as one types (fields/Search.tsx), the collection picked
 * first when `relationTo` is a list (stored `{ relationTo, value }`), and "Create new", which opens the related
 * collection's create form in a drawer and selects the new document, without leaving the form. Upload fields
 * are fields/upload-field.tsx.
 */
import { useEffect, useState } from 'react'
import { allowed, useSession } from '../session.tsx'
import { idOf } from '../edit/state.ts'
import { labelOf } from '../schema.ts'
import { t } from '../i18n.ts'
import { CreateDrawer } from '../drawer/lazy.tsx'
import { inputAttrs, Shell, useValue, type FieldProps } from './Shell.tsx'
import { Search } from './Search.tsx'
import {
  chosenOf,
  idOfOne,
  relatedDoc,
  rememberDoc,
  slugOfOne,
  titleFieldOf,
  titleOf,
  type Id,
  type One,
} from './titles.ts'
import { UploadField } from './upload-field.tsx'

export { Search } from './Search.tsx'

/** The field that names a collection's documents (fields/titles.ts). */
export function useTitleField(slug: string): string | undefined {
  return titleFieldOf(useSession().description, slug)
}

/** The related document's title, fetched once per document. */
export function Title(props: { slug: string; id: Id }) {
  const { description } = useSession()
  const [text, setText] = useState(String(props.id))
  useEffect(() => {
    let live = true
    void relatedDoc(props.slug, props.id).then(
      (doc) =>
        live && setText(doc ? titleOf(description, props.slug, doc) : `${props.slug} ${props.id}`),
    )
    return () => {
      live = false
    }
  }, [props.slug, props.id, description])
  return <>{text}</>
}

export function Relationship(props: FieldProps) {
  return props.field.type === 'upload' ? (
    <UploadField {...props} />
  ) : (
    <RelationshipField {...props} />
  )
}

/** The collection a polymorphic relationship picks from. */
function TargetSelect(props: {
  id: string
  label: string
  targets: string[]
  value: string
  onChange: (slug: string) => void
}) {
  const { collections } = useSession().description
  return (
    <>
      <label htmlFor={props.id} className="visually-hidden">
        {t('cms:collectionFor', { label: props.label })}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.targets.map((slug) => (
          <option key={slug} value={slug}>
            {collections.find((c) => c.slug === slug)?.labels.singular ?? slug}
          </option>
        ))}
      </select>
    </>
  )
}

function RelationshipField(props: FieldProps) {
  const { field, path, readOnly } = props
  const { description, permissions } = useSession()
  const { value, set, error } = useValue<One | One[] | null>(path)
  const targets = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo ?? '']
  const poly = Array.isArray(field.relationTo)
  const [target, setTarget] = useState(targets[0])
  const [creating, setCreating] = useState(false)
  const list = chosenOf(value, field.hasMany)
  const pick = (id: Id) => {
    const one: One = poly ? { relationTo: target, value: id } : id
    set(field.hasMany ? [...list, one] : one)
  }
  const remove = (i: number) => set(field.hasMany ? list.filter((_, j) => j !== i) : null)
  const attrs = inputAttrs(field, path, error)
  const label = field.label ?? field.name ?? ''
  const singular = description.collections.find((c) => c.slug === target)?.labels.singular
  const canCreate = allowed(permissions.collections?.[target]?.create)
  const chosenHere = list.filter((v) => slugOfOne(v, targets[0]) === target).map(idOfOne)
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
                  {t('general:remove')}
                  <span className="visually-hidden"> {String(idOfOne(v))}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length === 0 && readOnly && <p className="muted">{t('general:none')}</p>}
      {!readOnly && (field.hasMany || list.length === 0) && (
        <div className="picker-line">
          {poly && (
            <TargetSelect
              id={`${idOf(path)}-collection`}
              label={label}
              targets={targets}
              value={target}
              onChange={setTarget}
            />
          )}
          <Search
            slug={target}
            inputId={attrs.id}
            label={t('cms:searchCollection', { label: labelOf(field) })}
            describedBy={attrs['aria-describedby']}
            exclude={chosenHere}
            onPick={pick}
          />
          {canCreate && (
            <button type="button" className="secondary small" onClick={() => setCreating(true)}>
              {t('general:createNewLabel', { label: singular ?? target })}
            </button>
          )}
        </div>
      )}
      {creating && (
        <CreateDrawer
          slug={target}
          onClose={() => setCreating(false)}
          onCreated={(doc) => {
            rememberDoc(target, doc)
            pick(doc.id as Id)
            setCreating(false)
          }}
        />
      )}
    </Shell>
  )
}
