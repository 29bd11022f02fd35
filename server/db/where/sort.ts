import type { FlattenedField, SanitizedCollection } from '../../config/types.ts'
import { isContainer, kindOf } from './kinds.ts'
import { fail, jsonKey, localeOf, schemaOf, type Compiled, type QueryContext } from './state.ts'

/** `sort` (`"-views,title"` or a list) → ORDER BY terms; `id` breaks ties so pages never overlap. */
export function compileSort(
  ctx: QueryContext,
  collection: SanitizedCollection,
  sort: string | string[] | undefined,
  alias = 't',
): Compiled {
  const d = ctx.dialect
  const keys = (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : [])
    .map((k) => (typeof k === 'string' ? k.trim() : fail('sort', 'sort keys must be strings')))
    .filter(Boolean)
  if (keys.length === 0) {
    const fallback = collection.defaultSort ?? (collection.timestamps ? '-createdAt' : '-id')
    keys.push(...fallback.split(','))
  }
  const terms: string[] = []
  const bindings: unknown[] = []
  let hasId = false
  let firstDir = ''
  for (const key of keys) {
    const desc = key.startsWith('-')
    const path = desc ? key.slice(1) : key.replace(/^\+/, '')
    const dir = desc ? 'DESC' : 'ASC'
    firstDir ||= dir
    if (path === 'id') hasId = true
    const value = valueExpression(ctx, collection, path, alias)
    if (!value)
      fail(path || 'sort', `cannot sort by "${path}": not a field, or not a single sortable value`)
    terms.push(`${value.sql} ${dir}`)
    bindings.push(...value.bindings)
  }
  if (!hasId) terms.push(`${alias}.${d.quote('id')} ${firstDir || 'DESC'}`)
  return { sql: terms.join(', '), bindings }
}

/**
 * The one value `path` holds in each row, as SQL: `id`, the timestamps, a field stored in a column (in groups
 * too: `meta.source`), a polymorphic relationship's id, or a localized single value in the context's locale.
 * `field` is the field read (none for `id` and the timestamps). Undefined for anything else (lists, rows, json).
 */
export function valueExpression(
  ctx: QueryContext,
  collection: SanitizedCollection,
  path: string,
  alias = 't',
): { sql: string; bindings: unknown[]; field?: FlattenedField } | undefined {
  const d = ctx.dialect
  if (path === 'id') return { sql: `${alias}.${d.quote('id')}`, bindings: [] }
  if ((path === 'createdAt' || path === 'updatedAt') && collection.timestamps)
    return { sql: `${alias}.${d.quote(path)}`, bindings: [] }
  const segs = path.replace(/__/g, '.').split('.')
  let placements = schemaOf(ctx, collection.slug).placements
  for (let i = 0; i < segs.length; i++) {
    const p = placements.get(segs[i])
    if (!p || (i === 0 && p.field.hidden)) return undefined
    if (p.kind === 'virtual')
      fail(
        path,
        `cannot sort or group by "${path}": a virtual field is not stored (its value is computed on read)`,
      )
    if (p.kind === 'group') {
      placements = p.children
      continue
    }
    if (i !== segs.length - 1) return undefined
    if (p.kind === 'column')
      return { sql: `${alias}.${d.quote(p.column)}`, bindings: [], field: p.field }
    if (p.kind === 'polymorphic')
      return { sql: `${alias}.${d.quote(p.value)}`, bindings: [], field: p.field }
    if (p.kind === 'json' && p.field.localized && !isContainer(p.field)) {
      return {
        sql: d.jsonValue(
          `${alias}.${d.quote(p.column)}`,
          kindOf(p.field) === 'number' ? 'number' : 'text',
        ),
        bindings: [`$${jsonKey(localeOf(ctx))}`],
        field: p.field,
      }
    }
    return undefined
  }
  return undefined
}
