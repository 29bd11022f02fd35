/**
 * Payload 3's manual ordering. `orderable: true` on a collection adds the hidden, indexed text field `_order`
 * (and makes it the default sort); `orderable: true` on a join field adds `_<joined>_<path>_order` to the joined
 * collection (and makes it the join's default sort), an order among the documents joined to one parent. Each value
 * is a fractional-index key (`a0`, `a0V`, `a1`…: sorting them as bytes is their order): a document without one gets
 * the key after the last of its scope (the collection, or the documents sharing its join's `on` value) when it is
 * written, so new documents come last, and `POST <api>/reorder` (reorder-endpoint.ts) moves documents between two
 * keys, as Payload's admin does when a row is dragged.
 */
import { generateKeyBetween } from 'fractional-indexing'
import { ConfigError } from '../../errors/config-error.ts'
import type {
  CollectionConfig,
  CmsRequest,
  CollectionHook,
  Field,
  JoinField,
  TextField,
  Where,
} from '../types.ts'
import { NAME_RE } from './names.ts'

/** The order fields of one collection: name → the `on` path of the join it orders (none for `_order`). */
export type OrderFields = Map<string, string | undefined>

/** A fractional-index key, as `generateKeyBetween` takes it (it throws on anything else). */
export function isOrderKey(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 256) return false
  try {
    generateKeyBetween(value, null)
    return true
  } catch {
    return false
  }
}

function orderField(name: string): TextField {
  return {
    name,
    type: 'text',
    index: true,
    admin: {
      disableBulkEdit: true,
      disabled: true,
      disableGroupBy: true,
      disableListColumn: true,
      disableListFilter: true,
      hidden: true,
      readOnly: true,
    },
    // A copy gets a key of its own, after the last (the order hook sees none).
    hooks: { beforeDuplicate: [() => null] },
    validate: (value) =>
      value === null || value === undefined || isOrderKey(value)
        ? true
        : 'must be an order key (a fractional index such as "a0"), as POST /reorder writes it',
  }
}

interface FoundJoin {
  field: JoinField
  /** Its path through named groups and tabs, `_`-joined (Payload's prefix of the order field's name). */
  prefix: string
}

/**
 * The join fields of a collection's fields as written, before they are sanitized (Payload's own declarations such as
 * a `password` field have no field type here): top level, named groups and tabs, layout fields.
 */
function joinsOf(fields: Field[], prefix = ''): FoundJoin[] {
  const out: FoundJoin[] = []
  for (const f of Array.isArray(fields) ? fields : []) {
    if (!f || typeof f !== 'object') continue
    const named = 'name' in f && typeof f.name === 'string' ? `${prefix}${f.name}_` : prefix
    if (f.type === 'join') out.push({ field: f, prefix })
    else if (f.type === 'group') out.push(...joinsOf(f.fields, named))
    else if (f.type === 'row' || f.type === 'collapsible') out.push(...joinsOf(f.fields, prefix))
    else if (f.type === 'tabs')
      for (const tab of f.tabs ?? [])
        out.push(...joinsOf(tab.fields, tab.name ? `${prefix}${tab.name}_` : prefix))
  }
  return out
}

/**
 * The collections with their order fields and hooks added; `orders` gains each collection's order fields (the
 * reorder endpoint reads it). Join fields keep their place; a join's `orderable` only names its joined collection.
 */
export function withOrderable(
  collections: CollectionConfig[],
  orders: Map<string, OrderFields>,
): CollectionConfig[] {
  const add = (slug: string, name: string, on: string | undefined) => {
    if (!NAME_RE.test(name) || name.includes('__'))
      throw new ConfigError(
        `Collection "${slug}": its order field "${name}" is not a valid field name; an orderable join needs a joined collection slug of letters, digits and single underscores.`,
      )
    const fields = orders.get(slug) ?? new Map<string, string | undefined>()
    fields.set(name, on)
    orders.set(slug, fields)
  }
  const out = collections.map((c) => {
    if (c.orderable !== undefined && typeof c.orderable !== 'boolean')
      throw new ConfigError(`Collection "${c.slug}": orderable must be true or false.`)
    const joins = joinsOf(c.fields).filter(({ field }) => field.orderable !== undefined)
    if (!c.orderable && !joins.length) return c
    if (c.orderable) add(c.slug, '_order', undefined)
    const fields = c.fields.map((f) => f)
    for (const { field, prefix } of joins) {
      const at = `Collection "${c.slug}", join field "${field.name}"`
      if (typeof field.orderable !== 'boolean')
        throw new ConfigError(`${at}: orderable must be true or false.`)
      if (!field.orderable) continue
      if (typeof field.collection !== 'string')
        throw new ConfigError(`${at}: orderable joins must target a single collection.`)
      const name = `_${field.collection}_${prefix}${field.name}_order`
      field.defaultSort ??= name
      add(field.collection, name, field.on)
    }
    return {
      ...c,
      fields,
      defaultSort: c.orderable ? (c.defaultSort ?? '_order') : c.defaultSort,
    }
  })
  return out.map((c) => {
    const own = orders.get(c.slug)
    if (!own) return c
    return {
      ...c,
      fields: [...[...own.keys()].map(orderField), ...c.fields],
      hooks: { ...c.hooks, beforeChange: [...(c.hooks?.beforeChange ?? []), keysHook(own)] },
    }
  })
}

/** The value at a dotted path of a document's data. */
function valueAt(data: unknown, path: string): unknown {
  let value = data
  for (const seg of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[seg]
  }
  return value
}

/**
 * The documents sharing a join's parent: those whose `on` holds the same value (the first of a hasMany, the
 * collection and id of a polymorphic relationship, the id of a populated one). Undefined: the whole collection.
 */
export function joinScope(
  on: string | undefined,
  doc: unknown,
  original?: unknown,
): Where | undefined {
  if (!on) return undefined
  let value = valueAt(doc, on) ?? valueAt(original, on)
  if (Array.isArray(value)) value = value[0]
  if (value === undefined) return undefined
  if (value && typeof value === 'object' && 'relationTo' in value && 'value' in value) {
    const { relationTo, value: id } = value as { relationTo: unknown; value: unknown }
    const target = id && typeof id === 'object' && 'id' in id ? id.id : id
    return {
      and: [
        { [`${on}.relationTo`]: { equals: relationTo } },
        { [`${on}.value`]: { equals: target } },
      ],
    }
  }
  const id = value && typeof value === 'object' && 'id' in value ? value.id : value
  return { [on]: id === null ? { exists: false } : { equals: id } }
}

export const andWhere = (...parts: (Where | undefined)[]): Where => {
  const given = parts.filter((p): p is Where => Boolean(p))
  return given.length === 1 ? given[0] : { and: given }
}

/**
 * The first order key of the scope in that direction among the documents whose key meets `condition`, whoever may
 * read them (keys must stay apart from every document's), or null.
 */
export async function firstKey(
  req: CmsRequest,
  collection: string,
  field: string,
  direction: 'asc' | 'desc',
  condition: Record<string, unknown>,
  scope: Where | undefined,
): Promise<string | null> {
  const found = await req.cms.find({
    collection: collection as never,
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    select: { [field]: true },
    sort: direction === 'asc' ? field : `-${field}`,
    where: andWhere({ [field]: condition } as Where, scope),
  })
  const key = (found.docs[0] as Record<string, unknown> | undefined)?.[field]
  return isOrderKey(key) ? key : null
}

/**
 * The hook that keys a document written without one: after the last key of its scope. A copy (duplicate) has none,
 * so it comes last too.
 */
function keysHook(fields: OrderFields): CollectionHook {
  return async ({ data, originalDoc, operation, req, collection }) => {
    const record = data as Record<string, unknown> | undefined
    if (!record) return data
    const original = operation === 'create' ? undefined : (originalDoc as Record<string, unknown>)
    for (const [name, on] of fields) {
      if (record[name] || original?.[name]) continue
      const scope = joinScope(on, record, original)
      const last = await firstKey(req, collection.slug, name, 'desc', { exists: true }, scope)
      record[name] = generateKeyBetween(last, null)
    }
    return record
  }
}
