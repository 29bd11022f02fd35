import { NOT_QUERYABLE } from '../../errors/query-error.ts'
import type { FlattenedField, SanitizedCollection } from '../../config/types.ts'
import { collectionOf } from '../../config/lookup.ts'
import { relationOf } from '../../fields/registry.ts'
import type { Placement } from '../schema.ts'
import { isContainer, kindOf, relatedIdExpr, scalarKind } from './kinds.ts'
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
    const value = sortExpression(ctx, collection, path, alias, desc)
    if (!value)
      fail(
        path || 'sort',
        // A key whose first name is no field the caller may see is refused as a where path is (NOT_QUERYABLE), so
        // a hidden field reads as an unknown one; a visible field that holds no single value says so.
        visible(collection, path)
          ? `cannot sort by "${path}": not a single sortable value`
          : NOT_QUERYABLE,
      )
    // An id is never NULL: its plain direction (the primary key's order).
    terms.push(`${value.sql} ${path === 'id' ? dir : d.direction(desc)}`)
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

/**
 * A sort key's value: `valueExpression`, or a value of a related document (`author.name`, `director.movie.name`,
 * as Payload joins and sorts). The related value is a correlated subquery; through a hasMany relationship it is
 * the smallest of the related values ascending and the largest descending, so each document is listed once.
 */
export function sortExpression(
  ctx: QueryContext,
  collection: SanitizedCollection,
  path: string,
  alias: string,
  desc: boolean,
): { sql: string; bindings: unknown[] } | undefined {
  const segs = path.replace(/__/g, '.').split('.')
  let placements = schemaOf(ctx, collection.slug).placements
  for (let i = 0; i < segs.length - 1; i++) {
    const p = placements.get(segs[i])
    if (!p || (i === 0 && 'field' in p && p.field.hidden)) return undefined
    if (p.kind === 'group') {
      placements = p.children
      continue
    }
    const id = relatedIds(ctx, p, alias)
    if (!id) break
    const related = collectionOf(ctx.config, id.target)
    const ra = `${alias}_r`
    const inner = sortExpression(ctx, related, segs.slice(i + 1).join('.'), ra, desc)
    if (!inner) return undefined
    const d = ctx.dialect
    const table = `${d.quote(schemaOf(ctx, related.slug).table.name)} AS ${ra}`
    const sql = id.many
      ? `(SELECT ${desc ? 'MAX' : 'MIN'}(${inner.sql}) FROM ${table} WHERE ${ra}.${d.quote('id')} IN (${id.sql}))`
      : `(SELECT ${inner.sql} FROM ${table} WHERE ${ra}.${d.quote('id')} = ${id.sql})`
    return { sql, bindings: [...inner.bindings, ...id.bindings] }
  }
  return valueExpression(ctx, collection, path, alias)
}

/**
 * The id (or ids, `many`) a single-collection relationship holds in a row: its column, its value in the context's
 * locale (localized), or the elements of its list (hasMany, not localized).
 */
function relatedIds(
  ctx: QueryContext,
  p: Placement,
  alias: string,
): { sql: string; bindings: unknown[]; target: string; many: boolean } | undefined {
  if (p.kind !== 'column' && p.kind !== 'json') return undefined
  const relation = relationOf(p.field)
  if (!relation || relation.polymorphic) return undefined
  const d = ctx.dialect
  const column = `${alias}.${d.quote(p.column)}`
  const target = relation.targets[0]
  if (p.kind === 'column') return { sql: column, bindings: [], target, many: false }
  const kind = scalarKind(kindOf(p.field))
  // Ids read from JSON are text: compared with UUID ids as relatedIdExpr says.
  const asId = (expr: string) => relatedIdExpr(d, expr, kindOf(p.field))
  if (relation.hasMany && !p.field.localized) {
    const each = `${alias}_e`
    const sql = `SELECT ${asId(d.eachValue(each, kind))} FROM ${d.jsonEach(column, each, 'scalars')}`
    return { sql, bindings: [], target, many: true }
  }
  if (relation.hasMany) return undefined
  const sql = asId(d.jsonValue(column, kind))
  return { sql, bindings: [`$${jsonKey(localeOf(ctx))}`], target, many: false }
}

/** Whether the first name of a sort path is a field every caller sees (not hidden), or a timestamp or the id. */
function visible(collection: SanitizedCollection, path: string): boolean {
  const first = path.split(/\.|__/)[0]
  if (first === 'id' || first === 'createdAt' || first === 'updatedAt') return true
  return collection.flatFields.some((f) => f.name === first && !f.hidden)
}
