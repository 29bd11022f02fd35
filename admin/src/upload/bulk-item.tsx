/**
 * One file of a bulk upload (upload/BulkUpload.tsx): its preview, name, type and size, the collection's fields for
 * the document it becomes (the edit view's fields under a prefix of their own, drawer/form.ts), and what became
 * of it: its upload's progress, the new document, or the server's error (field errors at the fields).
 */
import { FormContext } from '../edit/context.tsx'
import { useConditions } from '../edit/conditions.ts'
import type { Path, Perm, Values } from '../edit/state.ts'
import { Fields } from '../fields/Field.tsx'
import { prefixedForm } from '../drawer/form.ts'
import { t } from '../i18n.ts'
import { Link } from '../router.tsx'
import type { AdminField } from '../schema.ts'
import { useObjectURL } from './FilePanel.tsx'
import { formatSize } from './files.ts'
import { kindOf } from './mime.ts'

export interface BulkItem {
  key: string
  file: File
  values: Values
  status: 'ready' | 'uploading' | 'done' | 'failed'
  percent: number
  error?: string
  /** The server's field errors, by dotted path. */
  errors: Record<string, string>
  doc?: Values
}

function ItemStatus(props: { item: BulkItem; slug: string }) {
  const { item } = props
  if (item.status === 'uploading')
    return (
      <div className="upload-progress">
        <label>
          {t('general:uploading')} {item.file.name}
          <progress max={100} value={item.percent}>
            {item.percent}%
          </progress>
        </label>
        <span className="muted">{item.percent}%</span>
      </div>
    )
  if (item.status === 'done' && item.doc)
    return (
      <p className="notice">
        {t('cms:uploadedDocument')}{' '}
        <Link to={`/collections/${props.slug}/${encodeURIComponent(String(item.doc.id))}`}>
          {String(item.doc.filename ?? item.file.name)}
        </Link>
      </p>
    )
  if (item.status === 'failed')
    return (
      <div role="alert" className="form-error">
        <p>{t('cms:notUploaded', { name: item.file.name, error: item.error ?? '' })}</p>
        {Object.keys(item.errors).length > 0 && (
          <ul>
            {Object.entries(item.errors).map(([path, message]) => (
              <li key={path}>
                {path}: {message}
              </li>
            ))}
          </ul>
        )}
      </div>
    )
  return null
}

export function BulkItemView(props: {
  item: BulkItem
  index: number
  slug: string
  fields: AdminField[]
  perm: Perm
  /** An upload is under way: nothing changes meanwhile. */
  busy: boolean
  set: (path: Path, value: unknown) => void
  remove: () => void
}) {
  const { item, fields } = props
  const preview = useObjectURL(item.file.type.startsWith('image/') ? item.file : undefined)
  const readOnly = props.busy || item.status === 'done'
  const shows = useConditions(
    { kind: 'collection', slug: props.slug },
    fields,
    item.values,
    item.status !== 'done',
  )
  const prefix = `bulk${props.index + 1}`
  const form = prefixedForm(prefix, {
    values: item.values,
    set: props.set,
    errors: item.errors,
    readOnly,
    op: 'create',
    shows,
  })
  return (
    <li className={`bulk-item bulk-${item.status}`}>
      <fieldset>
        <legend>{item.file.name}</legend>
        <div className="bulk-file">
          {preview ? (
            <img className="upload-thumb" src={preview} alt="" />
          ) : (
            <span className="upload-thumb upload-kind" aria-hidden="true">
              {kindOf(item.file.type, item.file.name)}
            </span>
          )}
          <span className="muted small-text">
            {item.file.type || t('cms:unknownType')} · {formatSize(item.file.size)}
          </span>
          {item.status !== 'done' && !props.busy && (
            <button type="button" className="link small" onClick={props.remove}>
              {t('general:remove')}
              <span className="visually-hidden"> {item.file.name}</span>
            </button>
          )}
        </div>
        <FormContext.Provider value={form}>
          <Fields
            fields={fields.filter((f) => f.name !== '_status')}
            path={[prefix]}
            perm={props.perm}
            readOnly={readOnly}
          />
        </FormContext.Provider>
        <ItemStatus item={item} slug={props.slug} />
      </fieldset>
    </li>
  )
}
