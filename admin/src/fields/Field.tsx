/**
 * One described field, by type, with its permissions: hidden fields and fields the user may not read are left
 * out; `admin.readOnly`/`admin.disabled` and a denied `update` (`create` on a new document) make it read-only.
 * A field whose `admin.condition` the server answers false for the form's values (edit/conditions.ts) is left
 * out, and a layout field when every field inside it is.
 */
import { lazy, Suspense, type ReactNode } from 'react'
import type { AdminField } from '../schema.ts'
import { t } from '../i18n.ts'
import { useForm } from '../edit/context.tsx'
import { can, childPerm, pathText, type Path, type Perm } from '../edit/state.ts'
import { dataFields } from '../schema.ts'
import {
  CheckboxInput,
  DateInput,
  JsonInput,
  NumberInput,
  PointInput,
  RadioInput,
  SelectInput,
  TextInput,
} from './inputs.tsx'
import { Relationship } from './Relationship.tsx'
import { ArrayField, BlocksField } from './Rows.tsx'
import { Collapsible, Group, Row, Tabs } from './Layout.tsx'
import { Shell, useValue, type FieldProps } from './Shell.tsx'

const RichText = lazy(() => import('../richtext/RichTextField.tsx'))

export interface FieldsProps {
  fields: AdminField[]
  /** The path of the object the fields write into. */
  path: Path
  perm: Perm
  readOnly: boolean
}

export function Fields(props: FieldsProps) {
  return (
    <>
      {props.fields.map((f, i) => (
        <FieldView key={f.name ?? `${f.type}-${i}`} {...props} field={f} />
      ))}
    </>
  )
}

export function FieldView(props: Omit<FieldsProps, 'fields'> & { field: AdminField }) {
  const { field, path, perm } = props
  const { op, shows } = useForm()
  if (field.hidden || field.admin?.hidden || field.type === 'ui') return null
  if (!field.name) {
    const inside = dataFields(field.type === 'tabs' ? [field] : (field.fields ?? []))
    const off = (f: AdminField) => !shows(pathText([...path, f.name ?? '']))
    if (field.admin?.condition && inside.length > 0 && inside.every(off)) return null
    return layoutField(props)
  }
  if (field.admin?.condition && !shows(pathText([...path, field.name]))) return null
  const own = childPerm(perm, field.name)
  if (!can(own, 'read')) return null
  const readOnly =
    props.readOnly ||
    Boolean(field.admin?.readOnly || field.admin?.disabled) ||
    !can(own, op) ||
    Boolean(field.virtual)
  const fp: FieldProps = { field, path: [...path, field.name], readOnly }
  return named(fp, own)
}

function layoutField(props: Omit<FieldsProps, 'fields'> & { field: AdminField }): ReactNode {
  const { field } = props
  const inner = { ...props, fields: field.fields ?? [] }
  switch (field.type) {
    case 'row':
      return <Row {...inner} />
    case 'collapsible':
      return <Collapsible {...inner} field={field} />
    case 'group':
      return <Group {...inner} field={field} />
    case 'tabs':
      return <Tabs {...props} />
    default:
      return null
  }
}

function named(fp: FieldProps, own: Perm): ReactNode {
  switch (fp.field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'code':
      return <TextInput {...fp} />
    case 'json':
      return <JsonInput {...fp} />
    case 'number':
      return <NumberInput {...fp} />
    case 'checkbox':
      return <CheckboxInput {...fp} />
    case 'date':
      return <DateInput {...fp} />
    case 'select':
      return <SelectInput {...fp} />
    case 'radio':
      return <RadioInput {...fp} />
    case 'point':
      return <PointInput {...fp} />
    case 'relationship':
    case 'upload':
      return <Relationship {...fp} />
    case 'richText':
      return (
        <Suspense fallback={<p className="field">{t('general:loading')}…</p>}>
          <RichText {...fp} />
        </Suspense>
      )
    case 'group':
      return (
        <Group
          field={fp.field}
          fields={fp.field.fields ?? []}
          path={fp.path}
          perm={own}
          readOnly={fp.readOnly}
        />
      )
    case 'array':
      return <ArrayField {...fp} perm={own} />
    case 'blocks':
      return <BlocksField {...fp} perm={own} />
    case 'join':
      return <JoinField {...fp} />
    default:
      return null
  }
}

/** A join: the related documents are the server's; shown as a read-only count. */
function JoinField(props: FieldProps) {
  const { value } = useValue<{ docs?: unknown[]; totalDocs?: number }>(props.path)
  const count = value?.totalDocs ?? value?.docs?.length ?? 0
  return (
    <Shell {...props} label={false}>
      <p>
        <strong>{props.field.label ?? props.field.name}</strong>: {t('cms:relatedCount', { count })}
      </p>
    </Shell>
  )
}
