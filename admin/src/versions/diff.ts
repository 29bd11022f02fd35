/**
 * A version against the current document, field by field: each top-level data field (and the draft status) with
 * both values as text and whether they differ. Nested values (groups, arrays, blocks, relationships) compare as
 * JSON; rich text shows as plain text.
 */
import { dataFields, labelOf, type AdminEntity, type AdminField } from '../schema.ts'
import { formatValue, richText } from '../list/cells.ts'

export interface DiffRow {
  name: string
  label: string
  version: string
  current: string
  changed: boolean
}

/** JSON with object keys sorted, so key order never counts as a change; absent and null are one. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      )
    return v === undefined ? null : v
  }
  return JSON.stringify(sort(value)) ?? 'null'
}

function show(field: AdminField, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (field.type === 'richText') return richText(value)
  if (['group', 'array', 'blocks', 'json'].includes(field.type) && typeof value === 'object')
    return JSON.stringify(value, null, 2)
  return formatValue(field, value, 10_000)
}

const STATUS: AdminField = {
  type: 'select',
  name: '_status',
  options: [
    { label: 'Draft', value: 'draft' },
    { label: 'Published', value: 'published' },
  ],
}

export function diffRows(
  entity: AdminEntity,
  version: Record<string, unknown>,
  current: Record<string, unknown>,
): DiffRow[] {
  const fields = dataFields(entity.fields as unknown as AdminField[]).filter(
    (f) => f.name && !f.hidden && !f.admin?.hidden && f.type !== 'join' && !f.virtual,
  )
  if (entity.drafts) fields.push(STATUS)
  return fields.map((f) => {
    const name = f.name!
    return {
      name,
      label: name === '_status' ? 'Status (draft/published)' : labelOf(f),
      version: show(f, version[name]),
      current: show(f, current[name]),
      changed: canonical(version[name]) !== canonical(current[name]),
    }
  })
}
