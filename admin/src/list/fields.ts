/**
 * The list view's knowledge of fields: which columns an entity offers (its top-level data fields plus id, status
 * and timestamps), which of them sort, which operators the filter builder offers per type and how a value is typed.
 */
import { t } from '../i18n.ts'
import { dataFields, labelOf, type AdminEntity, type AdminField } from '../schema.ts'

/** A column: a top-level data field, or one of the fields every document has (id, _status, timestamps). */
export interface Column {
  name: string
  label: string
  field: AdminField
}

const NOT_SORTABLE = new Set([
  'array',
  'blocks',
  'richText',
  'json',
  'group',
  'point',
  'join',
  'code',
])

/** Every column the entity offers, in config order (id first, the timestamps last). */
export function columnsOf(entity: AdminEntity): Column[] {
  const fields = dataFields(entity.fields as unknown as AdminField[]).filter(
    (f) => f.name && !f.hidden && !f.admin?.hidden && !f.admin?.disabled && f.type !== 'join',
  )
  const out: Column[] = [{ name: 'id', label: 'ID', field: { type: 'number', name: 'id' } }]
  for (const f of fields) out.push({ name: f.name!, label: labelOf(f), field: f })
  if (entity.drafts)
    out.push({
      name: '_status',
      label: t('version:status'),
      field: {
        type: 'select',
        name: '_status',
        options: [
          { label: t('version:draft'), value: 'draft' },
          { label: t('version:published'), value: 'published' },
        ],
      },
    })
  if (entity.timestamps !== false)
    for (const name of ['createdAt', 'updatedAt'] as const)
      out.push({ name, label: t(`general:${name}`), field: { type: 'date', name } })
  if (entity.trash)
    out.push({
      name: 'deletedAt',
      label: t('general:deletedAt'),
      field: { type: 'date', name: 'deletedAt' },
    })
  return out
}

/** The field whose value names a document: `useAsTitle`, else the id. */
export const titleOf = (entity: AdminEntity): string => entity.useAsTitle ?? 'id'

/** `admin.defaultColumns`, else the title, the first few simple fields and updatedAt. */
export function defaultColumns(entity: AdminEntity, all: Column[]): string[] {
  const known = new Set(all.map((c) => c.name))
  const configured = (entity.defaultColumns ?? []).filter((n) => known.has(n))
  if (configured.length) return configured
  const title = titleOf(entity)
  const simple = all
    .filter((c) => !['id', title, 'createdAt', 'updatedAt', 'deletedAt'].includes(c.name))
    .filter((c) => !['array', 'blocks', 'richText', 'json', 'group'].includes(c.field.type))
    .slice(0, 3)
    .map((c) => c.name)
  return [title, ...simple, ...(known.has('updatedAt') ? ['updatedAt'] : [])]
}

/** Whether the server sorts by a column (the contract's `x-cms-sortable`: top-level single values). */
export function sortable(c: Column): boolean {
  return !NOT_SORTABLE.has(c.field.type) && !c.field.hasMany && !c.field.virtual
}

/** The fields the search box looks in: `listSearchableFields`, else the title, else the first text field. */
export function searchFields(entity: AdminEntity, all: Column[]): string[] {
  if (entity.listSearchableFields?.length) return entity.listSearchableFields
  if (entity.useAsTitle && entity.useAsTitle !== 'id') return [entity.useAsTitle]
  const text = all.find((c) => ['text', 'email', 'textarea'].includes(c.field.type))
  return text ? [text.name] : []
}

/** Payload's key of each operator's label (`operators:isNotEqualTo`). */
const OPERATOR_KEYS: Record<string, string> = {
  equals: 'operators:equals',
  not_equals: 'operators:isNotEqualTo',
  like: 'operators:isLike',
  contains: 'operators:contains',
  exists: 'operators:exists',
  greater_than: 'operators:isGreaterThan',
  greater_than_equal: 'operators:isGreaterThanOrEqualTo',
  less_than: 'operators:isLessThan',
  less_than_equal: 'operators:isLessThanOrEqualTo',
  in: 'operators:isIn',
  not_in: 'operators:isNotIn',
}

/** An operator in words, in the admin's language ("is not equal to"). */
export const operatorLabel = (operator: string): string =>
  OPERATOR_KEYS[operator] ? t(OPERATOR_KEYS[operator]) : operator

/** The status column's hint in the pickers: " (Draft/Published)". */
export const statusHint = (): string => ` (${t('version:draft')}/${t('version:published')})`

const COMPARE = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'exists',
]

/** The operators the filter builder offers for a field (each one the contract's where schema accepts). */
export function operatorsOf(field: AdminField): string[] {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'code':
      return ['equals', 'not_equals', 'like', 'contains', 'exists']
    case 'number':
    case 'date':
      return COMPARE
    case 'select':
    case 'radio':
      return ['equals', 'not_equals', 'in']
    case 'checkbox':
      return ['equals']
    case 'relationship':
    case 'upload':
      // A related document chosen by name (list/Filters.tsx), or several for `in` / `not_in`.
      return typeof field.relationTo === 'string'
        ? ['equals', 'not_equals', 'in', 'not_in', 'exists']
        : ['exists']
    default:
      return []
  }
}

/** The columns the filter builder offers (those with at least one operator). */
export const filterable = (all: Column[]): Column[] =>
  all.filter((c) => !c.field.virtual && operatorsOf(c.field).length > 0)

/** A typed value for a condition: numbers as numbers, booleans as booleans, `in` as a list. */
export function typedValue(field: AdminField, operator: string, raw: string): unknown {
  if (operator === 'exists') return raw !== 'false'
  if (operator === 'in' || operator === 'not_in') {
    const list = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const numeric = ['number', 'relationship', 'upload'].includes(field.type)
    return numeric ? list.map((s) => (Number.isNaN(Number(s)) ? s : Number(s))) : list
  }
  if (field.type === 'checkbox') return raw !== 'false'
  if (field.type === 'number' || field.type === 'relationship' || field.type === 'upload')
    return raw === '' || Number.isNaN(Number(raw)) ? raw : Number(raw)
  if (field.type === 'date' && raw) {
    const d = new Date(raw)
    return Number.isNaN(d.getTime()) ? raw : d.toISOString()
  }
  return raw
}

/** A condition's value back as the text of its input. */
export function rawValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ')
  if (value === null || value === undefined) return ''
  return String(value)
}
