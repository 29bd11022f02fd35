/**
 * Upload fields, without leaving the form: the chosen file as a card (its thumbnail, filename, dimensions, type
 * and size); "Upload new", the related collection's create form in a drawer (choose or drop the file there, fill
 * its fields, save: the new document is selected); a file dropped on the field, the same drawer with the file
 * already chosen (refused here when the collection does not accept it); "Choose from existing", the collection's
 * files as a grid in a drawer with search and a type filter. hasMany keeps a list; a polymorphic field picks the
 * collection first.
 */
import { useEffect, useState, type DragEvent, type ReactNode } from 'react'
import { allowed, useSession } from '../session.tsx'
import { Link } from '../router.tsx'
import { idOf } from '../edit/state.ts'
import { t } from '../i18n.ts'
import { CreateDrawer, LibraryDrawer } from '../drawer/lazy.tsx'
import { formatSize, refusal, storedUpload } from '../upload/files.ts'
import { kindOf } from '../upload/mime.ts'
import { inputAttrs, Label, Shell, useValue, type FieldProps } from './Shell.tsx'
import {
  chosenOf,
  idOfOne,
  relatedDoc,
  rememberDoc,
  slugOfOne,
  type Id,
  type One,
} from './titles.ts'

type Open = { kind: 'create'; file?: File } | { kind: 'library' }

/** A chosen file: its thumbnail (or its kind), filename linked to its document, dimensions, type and size. */
function UploadCard(props: { slug: string; id: Id; onRemove?: () => void }) {
  const [doc, setDoc] = useState<Record<string, unknown> | null>()
  useEffect(() => {
    let live = true
    void relatedDoc(props.slug, props.id).then((d) => live && setDoc(d ?? null))
    return () => {
      live = false
    }
  }, [props.slug, props.id])
  const stored = doc ? storedUpload(doc) : undefined
  const name = stored?.filename ?? `${props.slug} ${String(props.id)}`
  const facts = [
    stored?.width && stored.height ? `${stored.width} × ${stored.height} px` : '',
    stored?.mimeType ?? '',
    stored?.filesize !== undefined ? formatSize(stored.filesize) : '',
  ].filter(Boolean)
  return (
    <div className="upload-card">
      {stored?.thumbnail ? (
        <img className="upload-thumb" src={stored.thumbnail} alt="" />
      ) : (
        <span className="upload-thumb upload-kind" aria-hidden="true">
          {doc === undefined ? '' : kindOf(stored?.mimeType, stored?.filename)}
        </span>
      )}
      <div className="upload-card-info">
        <Link to={`/collections/${props.slug}/${encodeURIComponent(String(props.id))}`}>
          {name}
        </Link>
        {facts.length > 0 && <span className="muted small-text">{facts.join(' · ')}</span>}
      </div>
      {props.onRemove && (
        <button type="button" className="link small" onClick={props.onRemove}>
          {t('general:remove')}
          <span className="visually-hidden"> {name}</span>
        </button>
      )}
    </div>
  )
}

/** The field's drop target: a file dropped on it opens the create drawer with the file chosen. */
function FieldDrop(props: { onFile: (file: File) => void; children: ReactNode }) {
  const [over, setOver] = useState(false)
  const drag = (e: DragEvent, entering: boolean) => {
    e.preventDefault()
    setOver(entering)
  }
  return (
    <div
      className={`upload-drop${over ? ' drop-over' : ''}`}
      data-testid="upload-field-drop"
      onDragEnter={(e) => drag(e, true)}
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        const file = e.dataTransfer.files[0]
        if (file) props.onFile(file)
      }}
    >
      {props.children}
    </div>
  )
}

/**
 * The drop target with "Upload new" and "Choose from existing" (after the collection, where there are several), and
 * "or drag and drop a file here".
 */
function AddFile(props: {
  targets?: string[]
  target: string
  setTarget: (slug: string) => void
  label: string
  canCreate: boolean
  onFile: (file: File) => void
  open: (open: Open) => void
}) {
  const { collections } = useSession().description
  const entity = collections.find((c) => c.slug === props.target)
  return (
    <FieldDrop onFile={props.canCreate ? props.onFile : () => undefined}>
      {props.targets && (
        <select
          aria-label={t('cms:collectionFor', { label: props.label })}
          value={props.target}
          onChange={(e) => props.setTarget(e.target.value)}
        >
          {props.targets.map((slug) => (
            <option key={slug} value={slug}>
              {collections.find((c) => c.slug === slug)?.labels.singular ?? slug}
            </option>
          ))}
        </select>
      )}
      {props.canCreate && (
        <button
          type="button"
          className="secondary small"
          onClick={() => props.open({ kind: 'create' })}
        >
          {t('fields:uploadNewLabel', { label: entity?.labels.singular ?? props.target })}
        </button>
      )}
      <button
        type="button"
        className="secondary small"
        onClick={() => props.open({ kind: 'library' })}
      >
        {t('fields:chooseFromExisting')}
        <span className="visually-hidden"> {entity?.labels.plural}</span>
      </button>
      {props.canCreate && <span className="muted">{t('upload:dragAndDropHere')}</span>}
    </FieldDrop>
  )
}

export function UploadField(props: FieldProps) {
  const { field, path, readOnly } = props
  const { description, permissions } = useSession()
  const { value, set, error } = useValue<One | One[] | null>(path)
  const targets = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo ?? '']
  const poly = Array.isArray(field.relationTo)
  const [target, setTarget] = useState(targets[0])
  const [open, setOpen] = useState<Open>()
  const [refused, setRefused] = useState<string>()
  const entity = description.collections.find((c) => c.slug === target)
  const list = chosenOf(value, field.hasMany)
  const pick = (doc: Record<string, unknown>) => {
    rememberDoc(target, doc)
    const id = doc.id as Id
    const one: One = poly ? { relationTo: target, value: id } : id
    set(field.hasMany ? [...list, one] : one)
    setOpen(undefined)
    setRefused(undefined)
  }
  const remove = (i: number) => set(field.hasMany ? list.filter((_, j) => j !== i) : null)
  const canCreate = allowed(permissions.collections?.[target]?.create)
  const dropped = (file: File) => {
    const why = refusal(file, entity?.upload?.mimeTypes, entity?.upload?.maxFileSize)
    setRefused(why)
    if (!why) setOpen({ kind: 'create', file })
  }
  const attrs = inputAttrs(field, path, error)
  const labelId = `${idOf(path)}-label`
  const chosenHere = list.filter((v) => slugOfOne(v, targets[0]) === target).map(idOfOne)
  const adding = !readOnly && (field.hasMany || list.length === 0)
  return (
    <Shell {...props} label={false}>
      <Label field={field} id={labelId} />
      <div
        role="group"
        className="upload-field"
        aria-labelledby={labelId}
        aria-describedby={attrs['aria-describedby']}
      >
        {list.map((v, i) => (
          <UploadCard
            key={`${slugOfOne(v, targets[0])}-${idOfOne(v)}`}
            slug={slugOfOne(v, targets[0])}
            id={idOfOne(v)}
            onRemove={readOnly ? undefined : () => remove(i)}
          />
        ))}
        {list.length === 0 && readOnly && <p className="muted">{t('general:none')}</p>}
        {adding && (
          <AddFile
            targets={poly ? targets : undefined}
            target={target}
            setTarget={setTarget}
            label={field.label ?? field.name ?? ''}
            canCreate={canCreate}
            onFile={dropped}
            open={setOpen}
          />
        )}
        {refused && (
          <p role="alert" className="form-error">
            {refused}
          </p>
        )}
      </div>
      {open?.kind === 'create' && (
        <CreateDrawer
          slug={target}
          file={open.file}
          onClose={() => setOpen(undefined)}
          onCreated={pick}
        />
      )}
      {open?.kind === 'library' && (
        <LibraryDrawer
          slug={target}
          exclude={chosenHere}
          onClose={() => setOpen(undefined)}
          onPick={pick}
        />
      )}
    </Shell>
  )
}
