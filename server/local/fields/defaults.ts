import { randomBytes } from 'node:crypto'
import { rowFields } from '../../config/fields.ts'
import type { CmsRequest, FlattenedField } from '../../config/types.ts'
import { isRecord } from '../../utilities/is-record.ts'

/** A 24-hex row id for array and block rows (the shape Payload uses). */
export const rowId = (): string => randomBytes(12).toString('hex')

async function defaultOf(field: FlattenedField, req: CmsRequest): Promise<unknown> {
  const d = field.defaultValue
  if (typeof d === 'function') return d({ user: req.user, locale: req.locale, req })
  return d === undefined ? undefined : structuredClone(d)
}

/** Fills `defaultValue`s of missing fields (create), recursing into groups, array rows and block rows. */
export async function applyDefaults(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  req: CmsRequest,
  creating: boolean,
): Promise<void> {
  // In one locale a localized group or array holds that locale's value, whose fields get defaults too.
  const oneLocale = req.locale !== 'all'
  for (const field of fields) {
    if (creating && data[field.name] === undefined) {
      const d = await defaultOf(field, req)
      if (d !== undefined) data[field.name] = d
    }
    const value = data[field.name]
    if (field.type === 'group' && (!field.localized || oneLocale)) {
      if (value === undefined && creating) data[field.name] = {}
      const group = data[field.name]
      if (isRecord(group)) await applyDefaults(field.fields, group, req, creating)
    } else if (
      (field.type === 'array' || field.type === 'blocks') &&
      Array.isArray(value) &&
      (!field.localized || oneLocale)
    ) {
      for (const row of value) {
        if (!isRecord(row)) continue
        if (typeof row.id !== 'string' || row.id === '') row.id = rowId()
        const fieldsOfRow = rowFields(field, row)
        // New rows get their defaults; existing rows keep what they hold.
        if (fieldsOfRow) await applyDefaults(fieldsOfRow, row, req, true)
      }
    }
  }
}
