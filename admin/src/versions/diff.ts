/**
 * Two states of a document (a version against another version, or against the current document) field by field,
 * as text that reads: rich text as its text, relationships and uploads by their documents' titles, dates, select
 * labels and Yes/No as the list shows them, groups by their fields, and arrays and blocks row by row (a row known
 * by its id, so a row moved or removed says so in words). Each field says whether it differs.
 */
import { t } from '../i18n.ts'
import { dataFields, labelOf, type AdminEntity, type AdminField } from '../schema.ts'
import { formatDate, formatValue, richText } from '../list/cells.ts'
import { statusHint } from '../list/fields.ts'

export type Id = string | number
/** A related document's title, where it is known (versions/names.ts reads them). */
export type NameOf = (slug: string, id: Id) => string | undefined

/** One field of a row (or of a group): its value on each side. */
export interface Line {
  label: string
  left: string
  right: string
  changed: boolean
}

/** One row of an array or blocks field, matched across the sides by its id (else its place). */
export interface RowDiff {
  key: string
  /** "Row 2", with a block's label: "Row 2: Hero". */
  label: string
  /** In words: "added" (only on the right), "removed" (only on the left), "changed", "moved", or none. */
  mark?: 'added' | 'removed' | 'changed' | 'moved'
  lines: Line[]
}

export interface FieldDiff {
  name: string
  label: string
  changed: boolean
  /** Each side as text (scalars, rich text, relationships). */
  left: string
  right: string
  /** A group's fields, or an array's or blocks field's rows: shown line by line. */
  lines?: Line[]
  rows?: RowDiff[]
}

type Rec = Record<string, unknown>

/** JSON with object keys sorted, so key order never counts as a change; absent and null are one. */
export function canonical(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, sort((v as Rec)[k])]),
      )
    return v === undefined || v === '' ? null : v
  }
  return JSON.stringify(sort(value)) ?? 'null'
}

const isId = (v: unknown): v is Id => typeof v === 'string' || typeof v === 'number'

/** The `[collection, id]` pairs a relationship or upload value holds (ids, `{ relationTo, value }`, documents). */
export function refsOf(field: AdminField, value: unknown): [string, Id][] {
  const list = Array.isArray(value) ? value : value == null ? [] : [value]
  const single = typeof field.relationTo === 'string' ? field.relationTo : undefined
  return list.flatMap((v): [string, Id][] => {
    if (isId(v)) return single ? [[single, v]] : []
    if (!v || typeof v !== 'object') return []
    const o = v as Rec
    if (typeof o.relationTo === 'string') {
      const inner = o.value
      const id = isId(inner) ? inner : (inner as { id?: unknown } | null)?.id
      return isId(id) ? [[o.relationTo, id]] : []
    }
    return single && isId(o.id) ? [[single, o.id]] : []
  })
}

const shownFields = (fields: AdminField[]): AdminField[] =>
  dataFields(fields).filter(
    (f) => f.name && !f.hidden && !f.admin?.hidden && f.type !== 'join' && !f.virtual,
  )

/** A value as text: nested values spelled out (a row's fields "Label: value", one per line). */
export function textOf(field: AdminField, value: unknown, name: NameOf): string {
  if (value === null || value === undefined || value === '') return ''
  switch (field.type) {
    case 'richText':
      return richText(value)
    case 'relationship':
    case 'upload':
      return refsOf(field, value)
        .map(([slug, id]) => name(slug, id) ?? `${slug} ${String(id)}`)
        .join(', ')
    case 'date':
      return formatDate(value)
    case 'group':
      return linesText(groupLines(field.fields ?? [], value, undefined, name), 'left')
    case 'array':
    case 'blocks':
      return (Array.isArray(value) ? value : [])
        .map((row: Rec, i) => {
          const fields = rowFields(field, row)
          const text = linesText(groupLines(fields, row, undefined, name), 'left')
          return `${rowLabel(field, row, i)}: ${text.replace(/\n/g, '; ')}`
        })
        .join('\n')
    case 'json':
      return JSON.stringify(value, null, 2)
    default:
      return formatValue(field, value, 100_000)
  }
}

const linesText = (lines: Line[], side: 'left' | 'right'): string =>
  lines
    .filter((l) => l[side])
    .map((l) => `${l.label}: ${l[side]}`)
    .join('\n')

/** The fields of a group (or of a row) on both sides, one line each. */
function groupLines(fields: AdminField[], left: unknown, right: unknown, name: NameOf): Line[] {
  const l = (left && typeof left === 'object' ? left : {}) as Rec
  const r = (right && typeof right === 'object' ? right : {}) as Rec
  return shownFields(fields).map((f) => ({
    label: labelOf(f),
    left: textOf(f, l[f.name!], name),
    right: textOf(f, r[f.name!], name),
    changed: canonical(l[f.name!]) !== canonical(r[f.name!]),
  }))
}

/** A row's fields: an array's, or its block's. */
function rowFields(field: AdminField, row: Rec): AdminField[] {
  if (field.type !== 'blocks') return field.fields ?? []
  return field.blocks?.find((b) => b.slug === row.blockType)?.fields ?? []
}

function rowLabel(field: AdminField, row: Rec, index: number): string {
  const block =
    field.type === 'blocks'
      ? (field.blocks?.find((b) => b.slug === row.blockType)?.labels.singular ??
        String(row.blockType ?? t('fields:block')))
      : undefined
  return `${t('general:row')} ${index + 1}${block ? `: ${block}` : ''}`
}

/** Rows matched by id (else by place): each row of either side once, in the right side's order, then removed ones. */
export function diffRowsOf(
  field: AdminField,
  left: unknown,
  right: unknown,
  name: NameOf,
): RowDiff[] {
  const ls = (Array.isArray(left) ? left : []) as Rec[]
  const rs = (Array.isArray(right) ? right : []) as Rec[]
  const keyOf = (row: Rec, i: number) => (isId(row.id) ? `id:${row.id}` : `at:${i}`)
  const leftAt = new Map(ls.map((row, i) => [keyOf(row, i), i]))
  const out: RowDiff[] = rs.map((row, i) => {
    const key = keyOf(row, i)
    const at = leftAt.get(key)
    const before = at === undefined ? undefined : ls[at]
    const fields = rowFields(field, row)
    const lines = groupLines(fields, before, row, name)
    const mark: RowDiff['mark'] =
      before === undefined
        ? 'added'
        : canonical(before) !== canonical(row)
          ? 'changed'
          : at !== i
            ? 'moved'
            : undefined
    return { key, label: rowLabel(field, row, i), mark, lines }
  })
  const kept = new Set(rs.map(keyOf))
  ls.forEach((row, i) => {
    const key = keyOf(row, i)
    if (kept.has(key)) return
    const lines = groupLines(rowFields(field, row), row, undefined, name)
    out.push({ key, label: rowLabel(field, row, i), mark: 'removed', lines })
  })
  return out
}

/** The status as a field, in the admin's language (made when compared: the language loads after import). */
const statusField = (): AdminField => ({
  type: 'select',
  name: '_status',
  label: `${t('version:status')}${statusHint()}`,
  options: [
    { label: t('version:draft'), value: 'draft' },
    { label: t('version:published'), value: 'published' },
  ],
})

/** Every shown top-level field (and the status where drafts are on), the left side against the right. */
export function diffFields(entity: AdminEntity, left: Rec, right: Rec, name: NameOf): FieldDiff[] {
  const fields = shownFields(entity.fields as unknown as AdminField[])
  if (entity.drafts) fields.push(statusField())
  return fields.map((f) => {
    const key = f.name!
    const out: FieldDiff = {
      name: key,
      label: labelOf(f),
      changed: canonical(left[key]) !== canonical(right[key]),
      left: textOf(f, left[key], name),
      right: textOf(f, right[key], name),
    }
    if (f.type === 'group') out.lines = groupLines(f.fields ?? [], left[key], right[key], name)
    if (f.type === 'array' || f.type === 'blocks')
      out.rows = diffRowsOf(f, left[key], right[key], name)
    return out
  })
}

/** The relationship and upload references of every shown field, nested ones included (to read their titles). */
export function refsIn(fields: AdminField[], doc: unknown): [string, Id][] {
  if (!doc || typeof doc !== 'object') return []
  const d = doc as Rec
  return shownFields(fields).flatMap((f): [string, Id][] => {
    const v = d[f.name!]
    if (f.type === 'relationship' || f.type === 'upload') return refsOf(f, v)
    if (f.type === 'group') return refsIn(f.fields ?? [], v)
    if (f.type === 'array' || f.type === 'blocks')
      return (Array.isArray(v) ? (v as Rec[]) : []).flatMap((row) => refsIn(rowFields(f, row), row))
    return []
  })
}
