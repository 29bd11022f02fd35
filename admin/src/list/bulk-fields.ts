/**
 * The fields a bulk edit offers (Payload's FieldSelect): every data field the user may read and update, with
 * named groups and tabs opened into their fields ("SEO › Title"); not unique, read-only, disabled, hidden or
 * virtual fields, joins, `admin.disableBulkEdit`, nor `_status` (Publish and Unpublish are bulk actions of their own).
 */
import { dataFields, labelOf, type AdminField } from '../schema.ts'
import { can, childPerm, type Path, type Perm } from '../edit/state.ts'

export interface BulkField {
  /** The dotted path (`seo.title`). */
  key: string
  /** Where the field writes: its parent's path and permissions, for the form's FieldView. */
  parent: Path
  perm: Perm
  /** The field, labelled with its groups' labels. */
  field: AdminField
}

const excluded = (f: AdminField): boolean =>
  !f.name ||
  f.name === '_status' ||
  f.name === 'id' ||
  f.type === 'join' ||
  f.type === 'ui' ||
  Boolean(
    f.unique ||
    f.virtual ||
    f.hidden ||
    f.admin?.hidden ||
    f.admin?.readOnly ||
    f.admin?.disabled ||
    f.admin?.disableBulkEdit,
  )

export function bulkFields(
  fields: AdminField[],
  perm: Perm,
  parent: Path = [],
  prefix = '',
): BulkField[] {
  return dataFields(fields).flatMap((f): BulkField[] => {
    if (excluded(f)) return []
    const own = childPerm(perm, f.name)
    if (!can(own, 'read') || !can(own, 'update')) return []
    const label = `${prefix}${labelOf(f)}`
    if (f.type === 'group')
      return bulkFields(f.fields ?? [], own, [...parent, f.name!], `${label} › `)
    return [{ key: [...parent, f.name].join('.'), parent, perm, field: { ...f, label } }]
  })
}

/** The value a field starts from once chosen: its default, else empty (an unchecked box, no rows). */
export function startValue(field: AdminField): unknown {
  if (field.defaultValue !== undefined) return structuredClone(field.defaultValue)
  if (field.type === 'checkbox') return false
  if (field.type === 'array' || field.type === 'blocks') return []
  return undefined
}
