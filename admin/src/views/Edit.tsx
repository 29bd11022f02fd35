/**
 * The edit view of a document or a global: the form generated from the described fields (layout kept, sidebar
 * fields beside), the caller's permissions (read-only fields, no Save without update access), save/draft/publish
 * with the server's errors at the fields, duplicate, delete, and a guard against leaving unsaved changes.
 */
import { type FormEvent } from 'react'
import { FormContext, type FormApi } from '../edit/context.tsx'
import { can, type Values } from '../edit/state.ts'
import { useDocument, type Loaded, type Target } from '../edit/useDocument.ts'
import { useEditor } from '../edit/useEditor.ts'
import { DocActions, SaveButtons } from '../edit/Actions.tsx'
import { Fields } from '../fields/Field.tsx'
import { useSession } from '../session.tsx'
import type { AdminField } from '../schema.ts'
import { FilePanel } from '../upload/FilePanel.tsx'

export function EditView(props: { kind: 'collection' | 'global'; slug: string; id?: string }) {
  const { entity, loaded, error } = useDocument(props)
  if (!entity)
    return (
      <main id="main" className="view">
        <h1>Not found</h1>
        <p>
          There is no {props.kind} “{props.slug}”.
        </p>
      </main>
    )
  if (error)
    return (
      <main id="main" className="view">
        <h1>{entity.labels.singular}</h1>
        <p role="alert" className="form-error">
          {error}
        </p>
      </main>
    )
  if (!loaded)
    return (
      <main id="main" className="view" aria-busy="true">
        Loading…
      </main>
    )
  return <EditForm target={props} loaded={loaded} />
}

function heading(target: Target, loaded: Loaded, values: Values): string {
  const { entity } = loaded
  if (target.kind === 'global') return entity.labels.singular
  if (!target.id) return `Create ${entity.labels.singular}`
  const title = entity.useAsTitle ? values[entity.useAsTitle] : undefined
  return typeof title === 'string' && title ? title : `${entity.labels.singular} ${target.id}`
}

const isSidebar = (f: AdminField) => f.admin?.position === 'sidebar'

function EditForm(props: { target: Target; loaded: Loaded }) {
  const { target, loaded } = props
  const { permissions } = useSession()
  const e = useEditor(target, loaded)
  const { values, dirty, notice, published, file, busy, error, errors, op, canSave, saveAs } = e
  const form: FormApi = { values, set: e.set, errors, readOnly: !canSave, op, shows: e.shows }
  const fields = loaded.fields.filter((f) => f.name !== '_status')
  const entityPerm = permissions.collections?.[target.slug]
  const submit = (e: FormEvent) => {
    e.preventDefault()
    saveAs(loaded.entity.drafts ? 'draft' : 'save')
  }
  const fieldProps = { path: [], perm: loaded.perm, readOnly: !canSave }
  return (
    <main id="main" className="view edit-view">
      <FormContext.Provider value={form}>
        <form onSubmit={submit} noValidate aria-labelledby="edit-title">
          <header className="edit-head">
            <div>
              <h1 id="edit-title">{heading(target, loaded, values)}</h1>
              <DocMeta values={values} drafts={loaded.entity.drafts} dirty={dirty} />
            </div>
            <div className="edit-buttons">
              {canSave ? (
                <SaveButtons
                  loaded={loaded}
                  op={op}
                  busy={busy}
                  published={published}
                  save={saveAs}
                />
              ) : (
                <p className="muted">
                  Read only: you may not change this {loaded.entity.labels.singular}.
                </p>
              )}
            </div>
          </header>
          <SaveReport error={error} notice={notice} errors={errors} />
          {loaded.entity.upload && target.kind === 'collection' && (
            <FilePanel
              upload={loaded.entity.upload}
              values={values}
              file={file}
              setFile={e.choose}
              setFocal={e.setFocal}
              readOnly={!canSave}
            />
          )}
          <div className="edit-columns">
            <div className="edit-main">
              <Fields {...fieldProps} fields={fields.filter((f) => !isSidebar(f))} />
            </div>
            <aside className="edit-sidebar" aria-label="Sidebar">
              <Fields {...fieldProps} fields={fields.filter(isSidebar)} />
              <DocActions
                target={target}
                loaded={loaded}
                canCreate={can(entityPerm as Loaded['perm'], 'create')}
                canDelete={can(loaded.perm, 'delete')}
              />
            </aside>
          </div>
        </form>
      </FormContext.Provider>
    </main>
  )
}

function DocMeta(props: { values: Values; drafts: boolean; dirty: boolean }) {
  const { values } = props
  const updated = typeof values.updatedAt === 'string' ? new Date(values.updatedAt) : undefined
  return (
    <p className="doc-meta">
      {props.drafts && (
        <span className={`status status-${String(values._status ?? 'draft')}`}>
          {values._status === 'published' ? 'Published' : 'Draft'}
        </span>
      )}
      {updated && <span> Last updated {updated.toLocaleString()}</span>}
      {props.dirty && <span> · Unsaved changes</span>}
    </p>
  )
}

/** What the last save said: the server's error with the field errors listed, or the notice. */
function SaveReport(props: { error?: string; notice?: string; errors: Record<string, string> }) {
  const { error, notice } = props
  if (!error && !notice) return null
  const errorList = Object.entries(props.errors)
  return (
    <div role={error ? 'alert' : 'status'} className={error ? 'form-error panel' : 'notice'}>
      {error ?? notice}
      {errorList.length > 0 && (
        <ul>
          {errorList.map(([path, message]) => (
            <li key={path}>
              {path}: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
