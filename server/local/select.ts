import type { FlattenedField } from '../config/types.ts'
import { rowFields, subFields } from '../config/fields.ts'
import { BadRequest } from '../errors/bad-request.ts'
import type { Select } from '../config/local-api.ts'

/**
 * Field selection. `select: { title: true, seo: { title: true } }` keeps only the named fields (include mode);
 * `select: { body: false }` drops the named ones (exclude mode). Nested selects apply to groups, array rows
 * and block rows; under blocks a key may also be a block's slug (`blocks: { cta: true }`, `{ cta: { text: true } }`),
 * as Payload's. `id` (and the row `id` / `blockType` of arrays and blocks) are always kept. As Payload's, a
 * select without any `false` is include mode, so `{}` keeps `id` only and `array: {}` the rows' ids.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const ALWAYS = new Set(['id', 'blockType', 'globalType'])
/** Keys a select may name besides the fields (the contract's Select schemas list them too). */
export const SELECT_SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt'] as const

/** Include mode unless some leaf is `false`. */
function isInclude(select: Select): boolean {
  return Object.values(select).every((v) => v !== false && (typeof v !== 'object' || isInclude(v)))
}

/**
 * The fields of `field`'s block named `key`. Blocks only: an array's rows have one set of fields whatever the
 * key, so under an array every key is a field name (`array: { group: { text: true } }`).
 */
const blockFields = (field: FlattenedField | undefined, key: string) =>
  field?.type === 'blocks' ? rowFields(field, { blockType: key }) : undefined

/**
 * Checks a select against the fields: a 400 names an unknown field or a value that is not a boolean or object.
 * Given `dropped`, a key naming no field is left out and its path added there instead (a config's
 * `defaultPopulate`, which Payload applies without checking its keys).
 */
export function checkSelect(
  fields: FlattenedField[],
  select: unknown,
  name = 'select',
  system: readonly string[] = SELECT_SYSTEM_FIELDS,
  dropped?: string[],
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
    owner?: FlattenedField,
  ): Select => {
    const out: Select = {}
    for (const [key, v] of Object.entries(s)) {
      const block = blockFields(owner, key)
      const field = block ? undefined : fs.find((f) => f.name === key)
      if (!field && !block && !extra.includes(key)) {
        if (!dropped)
          throw new BadRequest(`${name}: "${path}${key}" is not a field.`, [
            { path: `${name}.${path}${key}` },
          ])
        dropped.push(`${path}${key}`)
        continue
      }
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
      const children = block ?? (field && subFields(field))
      if (isObject(v) && children)
        out[key] = walk(
          children,
          v,
          `${path}${key}.`,
          ['id', 'blockType'],
          block ? undefined : field,
        )
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
      for (const row of value) if (isObject(row)) selectRow(field, inner, row, s, include)
  }
}

/** One array or blocks row; a block's own select (by its slug) applies to its fields. */
function selectRow(
  field: FlattenedField,
  fields: FlattenedField[],
  row: Record<string, unknown>,
  select: Select,
  include: boolean,
): void {
  const own = typeof row.blockType === 'string' ? select[row.blockType] : undefined
  const block = own !== undefined ? blockFields(field, String(row.blockType)) : undefined
  if (!block || own === undefined) return applySelect(fields, row, select, include)
  if (own === true) return
  if (own === false) return applySelect(block, row, {}, true)
  applySelect(block, row, own, include)
}
