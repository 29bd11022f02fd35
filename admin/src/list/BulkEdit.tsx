/**
 * Bulk edit (Payload's EditMany), in a drawer loaded lazily from the list's bulk actions: choose the fields to
 * change (list/bulk-fields.ts: those the user may update), set their values with the edit view's own field
 * components, and write them to the selection at once through the SDK's `updateMany` with the selection's `where`
 * (the ids chosen, or the list's filter across pages). On drafts-enabled collections the change is saved as a
 * draft or published, as the edit view's buttons do. The list then reports how many documents changed and which
 * ones the server refused, and why.
 */
import { useMemo, useState, type FormEvent } from 'react'
import { collection, fieldErrors, messageOf } from '../api.ts'
import { Drawer } from '../drawer/Drawer.tsx'
import { prefixedForm } from '../drawer/form.ts'
import { FormContext, type FormApi } from '../edit/context.tsx'
import { getIn, setIn, type Perm, type Values } from '../edit/state.ts'
import { FieldView } from '../fields/Field.tsx'
import { t } from '../i18n.ts'
import type { AdminEntity, AdminField } from '../schema.ts'
import { useSession } from '../session.tsx'
import { bulkFields, startValue, type BulkField } from './bulk-fields.ts'
import type { BulkOutcome } from './Bulk.tsx'

const PREFIX = 'bulk'

export interface BulkEditProps {
  entity: AdminEntity
  where: Record<string, unknown>
  count: number
  locale?: string
  onDone(outcome: BulkOutcome): void
  onClose(): void
}

type Mode = 'save' | 'draft' | 'publish'

export default function BulkEdit(props: BulkEditProps) {
  const { entity, count } = props
  const { permissions } = useSession()
  const perm = (permissions.collections?.[entity.slug] ?? {}) as Perm
  const options = useMemo(
    () => bulkFields(entity.fields as unknown as AdminField[], perm),
    [entity, perm],
  )
  const [chosen, setChosen] = useState<string[]>([])
  const [values, setValues] = useState<Values>({})
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const label = count === 1 ? entity.labels.singular : entity.labels.plural
  const title = t('general:editingLabel', { count, label })

  const toggle = (o: BulkField) => {
    if (chosen.includes(o.key)) return setChosen(chosen.filter((k) => k !== o.key))
    // In the fields' order, whatever the order they were chosen in.
    setChosen(options.filter((x) => x.key === o.key || chosen.includes(x.key)).map((x) => x.key))
    const path = [...o.parent, o.field.name!]
    setValues((v) => (getIn(v, path) === undefined ? setIn(v, path, startValue(o.field)) : v))
  }
  const picked = options.filter((o) => chosen.includes(o.key))

  const save = async (mode: Mode) => {
    let data: Values = {}
    for (const o of picked) {
      const path = [...o.parent, o.field.name!]
      data = setIn(data, path, getIn(values, path) ?? null)
    }
    const query: { depth: number; locale?: string; draft?: boolean } = { depth: 0 }
    if (props.locale) query.locale = props.locale
    if (mode !== 'save') data._status = mode === 'publish' ? 'published' : 'draft'
    if (mode === 'draft') query.draft = true
    setBusy(true)
    setError(undefined)
    setErrors({})
    try {
      const r = (await collection(entity.slug).updateMany(props.where, data, query)) as BulkOutcome
      props.onDone(r)
    } catch (e) {
      setError(messageOf(e))
      setErrors(fieldErrors(e))
      setBusy(false)
    }
  }
  const form: FormApi = prefixedForm(PREFIX, {
    values,
    set: (path, value) => setValues((v) => setIn(v, path, value)),
    errors,
    readOnly: false,
    op: 'update',
    // Every chosen field shows, whatever its condition says of documents that differ (as Payload's).
    shows: () => true,
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    e.stopPropagation()
    void save(entity.drafts ? 'draft' : 'save')
  }
  return (
    <Drawer
      title={title}
      onClose={props.onClose}
      description={t('cms:bulkEditDescription', { count, label })}
    >
      <FormContext.Provider value={form}>
        <form onSubmit={submit} noValidate aria-label={title} className="drawer-form bulk-edit">
          <FieldPicker options={options} chosen={chosen} toggle={toggle} />
          {error && (
            <p role="alert" className="form-error panel">
              {error}
            </p>
          )}
          {picked.map((o) => (
            <FieldView
              key={o.key}
              field={o.field}
              path={[PREFIX, ...o.parent]}
              perm={o.perm}
              readOnly={false}
            />
          ))}
          <Buttons drafts={entity.drafts} busy={busy || !picked.length} save={save} />
        </form>
      </FormContext.Provider>
    </Drawer>
  )
}

function FieldPicker(props: {
  options: BulkField[]
  chosen: string[]
  toggle(option: BulkField): void
}) {
  return (
    <fieldset className="bulk-edit-fields">
      <legend>{t('fields:selectFieldsToEdit')}</legend>
      {props.options.map((o) => (
        <label key={o.key} className="check">
          <input
            type="checkbox"
            checked={props.chosen.includes(o.key)}
            onChange={() => props.toggle(o)}
          />{' '}
          {o.field.label}
        </label>
      ))}
    </fieldset>
  )
}

function Buttons(props: { drafts: boolean; busy: boolean; save(mode: Mode): Promise<void> }) {
  const { busy, save } = props
  return (
    <div className="edit-buttons">
      {props.drafts ? (
        <>
          <button type="submit" className="secondary" disabled={busy}>
            {t('version:saveDraft')}
          </button>
          <button type="button" disabled={busy} onClick={() => void save('publish')}>
            {t('version:publishChanges')}
          </button>
        </>
      ) : (
        <button type="submit" disabled={busy}>
          {t('general:save')}
        </button>
      )}
    </div>
  )
}
