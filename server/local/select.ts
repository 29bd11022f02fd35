import type { FlattenedField } from '../config/types.ts'
import { subFields } from '../config/fields.ts'
import { BadRequest } from '../errors/bad-request.ts'
import type { Select } from '../config/local-api.ts'

/**
 * Field selection. `select: { title: true, seo: { title: true } }` keeps only the named fields (include mode);
 * `select: { body: false }` drops the named ones (exclude mode). Nested selects apply to groups, array rows
 * and block rows. `id` (and the row `id` / `blockType` of arrays and blocks) are always kept.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const ALWAYS = new Set(['id', 'blockType', 'globalType'])
/** Keys a select may name besides the fields (the contract's Select schemas list them too). */
export const SELECT_SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt'] as const

/** Include mode when any leaf is `true`. */
function isInclude(select: Select): boolean {
  return Object.values(select).some((v) => v === true || (typeof v === 'object' && isInclude(v)))
}

/** Checks a select against the fields: a 400 names an unknown field or a value that is not a boolean or object. */
export function checkSelect(
  fields: FlattenedField[],
  select: unknown,
  name = 'select',
  system: readonly string[] = SELECT_SYSTEM_FIELDS,
): Select {
  if (!isObject(select))
    throw new BadRequest(`${name} must be an object of field names, such as { "title": true }.`, [
      { path: name },
    ])
  let include: boolean | undefined
  // The checked select, built as it is checked (same keys, same order).
  const walk = (
    fs: FlattenedField[],
    s: Record<string, unknown>,
    path: string,
    extra: readonly string[],
  ): Select => {
    const out: Select = {}
    for (const [key, v] of Object.entries(s)) {
      const field = fs.find((f) => f.name === key)
      if (!field && !extra.includes(key))
        throw new BadRequest(`${name}: "${path}${key}" is not a field.`, [
          { path: `${name}.${path}${key}` },
        ])
      if (typeof v === 'boolean') {
        if (include !== undefined && include !== v)
          throw new BadRequest(
            `${name} cannot mix true and false: name the fields to keep, or the fields to drop.`,
            [{ path: name }],
          )
        include = v
        out[key] = v
        continue
      }
      const children = field && subFields(field)
      if (isObject(v) && children)
        out[key] = walk(children, v, `${path}${key}.`, ['id', 'blockType'])
      else
        throw new BadRequest(
          `${name}: "${path}${key}" must be true, false${children ? ' or an object' : ''}.`,
          [{ path: `${name}.${path}${key}` }],
        )
    }
    return out
  }
  return walk(fields, select, '', system)
}

/** Applies a checked select to a document, in place. */
export function applySelect(
  fields: FlattenedField[],
  doc: Record<string, unknown>,
  select: Select,
  include = isInclude(select),
): void {
  for (const key of Object.keys(doc)) {
    const s = select[key]
    if (s === undefined) {
      if (include && !ALWAYS.has(key)) delete doc[key]
      continue
    }
    if (s === false) {
      delete doc[key]
      continue
    }
    if (s === true) continue
    const field = fields.find((f) => f.name === key)
    const inner = field && subFields(field)
    const value = doc[key]
    if (!inner) continue
    if (isObject(value)) applySelect(inner, value, s, include)
    else if (Array.isArray(value))
      for (const row of value) if (isObject(row)) applySelect(inner, row, s, include)
  }
}
