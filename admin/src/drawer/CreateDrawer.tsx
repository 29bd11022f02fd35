/**
 * "Create new" from a relationship or upload field: the related collection's create form in a drawer, built from
 * the edit view's parts (useDocument, useEditor, the fields, the file panel, the save buttons), so the page and the
 * form behind it stay as they are. Saving creates the document and hands it to the field, which selects it; an
 * upload's file (chosen in the drawer's file panel, or dropped on the field) goes with it, with its progress.
 * Loaded lazily (drawer/lazy.tsx).
 */
import { createContext, useContext, useEffect, useMemo, type FormEvent } from 'react'
import { FormContext, type FormApi } from '../edit/context.tsx'
import { SaveButtons } from '../edit/Actions.tsx'
import type { Values } from '../edit/state.ts'
import { useDocument, type Loaded, type Target } from '../edit/useDocument.ts'
import { useEditor } from '../edit/useEditor.ts'
import { Fields } from '../fields/Field.tsx'
import { t } from '../i18n.ts'
import { useLocale } from '../locale.tsx'
import type { AdminField } from '../schema.ts'
import { useSession } from '../session.tsx'
import { FilePanel } from '../upload/FilePanel.tsx'
import { Drawer } from './Drawer.tsx'
import { prefixedForm, prefixOf } from './form.ts'

export interface CreateDrawerProps {
  slug: string
  onCreated: (doc: Values) => void
  onClose: () => void
  /** A file dropped on an upload field: already chosen in the new document's file panel. */
  file?: File
}

/** How many create drawers are open inside one another (a category created from a post created in a drawer). */
const Depth = createContext(0)

export default function CreateDrawer(props: CreateDrawerProps) {
  const { description } = useSession()
  const entity = description.collections.find((c) => c.slug === props.slug)
  const { locale } = useLocale()
  const depth = useContext(Depth) + 1
  const target = useMemo<Target>(
    () => ({ kind: 'collection', slug: props.slug, locale }),
    [props.slug, locale],
  )
  const { loaded, error } = useDocument(target)
  const title = t('general:createNewLabel', { label: entity?.labels.singular ?? props.slug })
  return (
    <Depth.Provider value={depth}>
      <Drawer title={title} onClose={props.onClose}>
        {error || !entity ? (
          <p role="alert" className="form-error">
            {error ?? t('cms:noSuchCollection', { slug: props.slug })}
          </p>
        ) : !loaded ? (
          <p aria-busy="true">{t('general:loading')}…</p>
        ) : (
          <CreateForm
            target={target}
            loaded={loaded}
            title={title}
            prefix={prefixOf(props.slug, depth)}
            file={props.file}
            onCreated={props.onCreated}
          />
        )}
      </Drawer>
    </Depth.Provider>
  )
}

const isSidebar = (f: AdminField) => f.admin?.position === 'sidebar'

function CreateForm(props: {
  target: Target
  loaded: Loaded
  title: string
  prefix: string
  file?: File
  onCreated: (doc: Values) => void
}) {
  const { target, loaded, prefix } = props
  const e = useEditor(target, loaded, { onCreated: props.onCreated, embedded: true })
  const { values, busy, error, errors, op, saveAs, choose } = e
  useEffect(() => {
    if (props.file) choose(props.file)
  }, [props.file, choose])
  const form: FormApi = prefixedForm(prefix, {
    values,
    set: e.set,
    errors,
    readOnly: !e.canSave,
    op,
    shows: e.shows,
    fallback: loaded.fallback && { ...loaded.fallback, loaded: loaded.doc },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The drawer is outside the page's form in the document, but inside it in React's tree.
    event.stopPropagation()
    saveAs(loaded.entity.drafts ? 'draft' : 'save')
  }
  const fields = loaded.fields.filter((f) => f.name !== '_status')
  const fieldProps = { path: [prefix], perm: loaded.perm, readOnly: !e.canSave }
  const errorList = Object.entries(errors)
  return (
    <FormContext.Provider value={form}>
      <form onSubmit={submit} noValidate aria-label={props.title} className="drawer-form">
        {error && (
          <div role="alert" className="form-error panel">
            {error}
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
        )}
        {loaded.entity.upload && (
          <FilePanel
            upload={loaded.entity.upload}
            values={values}
            file={e.file}
            setFile={choose}
            setFocal={e.setFocal}
            readOnly={!e.canSave}
          />
        )}
        <Fields {...fieldProps} fields={fields.filter((f) => !isSidebar(f))} />
        <Fields {...fieldProps} fields={fields.filter(isSidebar)} />
        <div className="edit-buttons">
          <SaveButtons loaded={loaded} op={op} busy={busy} published={false} save={saveAs} />
        </div>
      </form>
    </FormContext.Provider>
  )
}
