/**
 * The edit view of a document or a global: the form generated from the described fields (layout kept, sidebar
 * fields beside), the caller's permissions (read-only fields, no Save without update access), save/draft/publish
 * with the server's errors at the fields, duplicate, delete, and a guard against leaving unsaved changes. With
 * localization a locale switch picks the locale the form reads and writes (`?locale=`, shared with the list).
 */
import { useMemo, type FormEvent } from 'react'
import { FormContext, type FormApi } from '../edit/context.tsx'
import { can, type Values } from '../edit/state.ts'
import { useDocument, type Loaded, type Target } from '../edit/useDocument.ts'
import { useEditor } from '../edit/useEditor.ts'
import { DocActions, SaveButtons } from '../edit/Actions.tsx'
import { Fields } from '../fields/Field.tsx'
import { useSession } from '../session.tsx'
import type { AdminField } from '../schema.ts'
import { FilePanel } from '../upload/FilePanel.tsx'
import { LocaleSelect, useLocale } from '../locale.tsx'
import { useLock } from '../edit/useLock.ts'
import { LockNotice } from '../edit/LockNotice.tsx'
import { LivePreview, LivePreviewToggle } from '../preview/LivePreview.tsx'
import { useSaveShortcut } from '../edit/useSaveShortcut.ts'
import { AccountActions } from '../edit/AccountActions.tsx'
import { formatDate, t } from '../i18n.ts'

export function EditView(props: { kind: 'collection' | 'global'; slug: string; id?: string }) {
  const { locale } = useLocale()
  const target = useMemo(() => ({ ...props, locale }), [props.kind, props.slug, props.id, locale])
  const { entity, loaded, error } = useDocument(target)
  if (!entity)
    return (
      <main id="main" className="view">
        <h1>{t('general:notFound')}</h1>
        <p>
          {t(props.kind === 'global' ? 'cms:noSuchGlobal' : 'cms:noSuchCollection', {
            slug: props.slug,
          })}
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
  // Another locale's form (the switch was just used) waits for this locale's document.
  if (!loaded || loaded.locale !== locale)
    return (
      <main id="main" className="view" aria-busy="true">
        {t('general:loading')}…
      </main>
    )
  // A form per locale: its values (and the rich-text editors, which keep their own state) start afresh.
  return <EditForm key={locale ?? ''} target={target} loaded={loaded} />
}

function heading(target: Target, loaded: Loaded, values: Values): string {
  const { entity } = loaded
  if (target.kind === 'global') return entity.labels.singular
  if (!target.id) return t('general:createNewLabel', { label: entity.labels.singular })
  const key = entity.useAsTitle
  // A title this locale lacks: the fallback locale's, as the list shows it.
  const title = key ? values[key] || loaded.fallback?.doc[key] : undefined
  return typeof title === 'string' && title ? title : `${entity.labels.singular} ${target.id}`
}

const isSidebar = (f: AdminField) => f.admin?.position === 'sidebar'

function EditForm(props: { target: Target; loaded: Loaded }) {
  const { target, loaded } = props
  const { permissions } = useSession()
  const e = useEditor(target, loaded)
  const { values, dirty, notice, published, file, busy, error, errors, op, saveAs } = e
  // Another user holding the document's lock makes the form read-only (lockDocuments).
  const lock = useLock(target, loaded.entity, e.canSave, dirty)
  const canSave = e.canSave && !lock.heldBy
  useSaveShortcut(canSave && !busy, () => saveAs(loaded.entity.drafts ? 'draft' : 'save'))
  const form: FormApi = {
    values,
    set: e.set,
    errors,
    readOnly: !canSave,
    op,
    shows: e.shows,
    fallback: loaded.fallback && { ...loaded.fallback, loaded: loaded.doc },
  }
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
              <DocMeta
                values={values}
                drafts={loaded.entity.drafts}
                dirty={dirty}
                localized={Boolean(target.locale)}
              />
            </div>
            <div className="edit-buttons">
              <EditLocale />
              <LivePreviewToggle target={target} entity={loaded.entity} />
              {canSave ? (
                <SaveButtons
                  loaded={loaded}
                  op={op}
                  busy={busy}
                  published={published}
                  save={saveAs}
                  target={target}
                />
              ) : e.canSave ? null : (
                <p className="muted">
                  {t('cms:readOnlyDocument', { label: loaded.entity.labels.singular })}
                </p>
              )}
            </div>
          </header>
          <LockNotice lock={lock} label={loaded.entity.labels.singular} />
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
            <aside className="edit-sidebar" aria-label={t('cms:editSidebar')}>
              <Fields {...fieldProps} fields={fields.filter(isSidebar)} />
              <DocActions
                target={target}
                loaded={loaded}
                canCreate={can(entityPerm as Loaded['perm'], 'create')}
                canDelete={can(loaded.perm, 'delete')}
              />
              <AccountActions target={target} loaded={loaded} />
            </aside>
          </div>
        </form>
        <LivePreview target={target} entity={loaded.entity} values={values} />
      </FormContext.Provider>
    </main>
  )
}

/** The locale switch of the form (with localization): the URL's `?locale=`, which the list shares. */
function EditLocale() {
  const { localization, locale, setLocale } = useLocale()
  if (!localization || !locale) return null
  return (
    <LocaleSelect
      id="edit-locale"
      locales={localization.locales}
      value={locale}
      onChange={setLocale}
    />
  )
}

function DocMeta(props: { values: Values; drafts: boolean; dirty: boolean; localized: boolean }) {
  const { values } = props
  const updated = typeof values.updatedAt === 'string' ? values.updatedAt : undefined
  return (
    <p className="doc-meta">
      {props.drafts && (
        <span className={`status status-${String(values._status ?? 'draft')}`}>
          {values._status === 'published' ? t('version:published') : t('version:draft')}
          {/* The server keeps one status per document (no localizeStatus): it is every locale's. */}
          {props.localized && ` (${t('general:allLocales')})`}
        </span>
      )}
      {updated && (
        <span>
          {' '}
          {t('general:lastModified')}: {formatDate(updated)}
        </span>
      )}
      {props.dirty && <span> · {t('cms:unsavedChanges')}</span>}
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
