/** Join fields: the options of each checked, then resolved to the relationship field they read. */
import { ConfigError } from '../../errors/config-error.ts'
import { objectFields, relationOf } from '../../fields/registry.ts'
import { traverseFields } from '../fields.ts'
import type { FlattenedField, SanitizedCollection, SanitizedJoin } from '../types.ts'

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0

/** The options of one join field, on their own (its target is resolved once every collection is known). */
export function checkJoinField(
  f: FlattenedField & { type: 'join' },
  at: string,
  slugs: Set<string>,
  topLevel: boolean,
): void {
  if (!topLevel)
    throw new ConfigError(
      `${at}: join fields are only supported at the top level of a collection or in its (non-localized) groups and named tabs, not in arrays, blocks or localized groups.`,
    )
  if (Array.isArray(f.collection))
    throw new ConfigError(
      `${at}: a join over several collections (collection as a list) is not supported yet; name one collection, or declare one join field per collection.`,
    )
  if (typeof f.collection !== 'string' || !slugs.has(f.collection))
    throw new ConfigError(
      `${at}: collection ${JSON.stringify(f.collection)} is not a collection in this config.`,
    )
  if (typeof f.on !== 'string' || f.on === '')
    throw new ConfigError(
      `${at}: on must name the relationship field of "${f.collection}" to join on, such as "category" or "meta.category".`,
    )
  for (const key of ['defaultLimit', 'maxDepth'] as const)
    if (f[key] !== undefined && !isCount(f[key]))
      throw new ConfigError(`${at}: ${key} must be a non-negative integer.`)
  if (f.defaultSort !== undefined && typeof f.defaultSort !== 'string')
    throw new ConfigError(`${at}: defaultSort must be a string such as "-createdAt".`)
  if (f.where !== undefined && (!f.where || typeof f.where !== 'object' || Array.isArray(f.where)))
    throw new ConfigError(`${at}: where must be a Where object.`)
}

/**
 * The join fields of a collection, each with the relationship field it reads: `on` walks the joined collection's
 * fields through (non-localized) groups to a relationship field, not localized, relating to this collection.
 */
export function resolveJoins(
  c: SanitizedCollection,
  bySlug: Map<string, SanitizedCollection>,
): SanitizedJoin[] {
  const joins: SanitizedJoin[] = []
  traverseFields(c.flatFields, (field, path) => {
    if (field.type === 'group') return true
    if (field.type !== 'join') return false
    const joinPath = [...path, field.name].join('.')
    const at = `Collection "${c.slug}", field "${joinPath}"`
    const target = bySlug.get(field.collection)
    if (!target) throw new Error(`${at}: the join's collection "${field.collection}" is unknown.`)
    let fields = target.flatFields
    const segs = field.on.split('.')
    let on: FlattenedField | undefined
    for (const [i, seg] of segs.entries()) {
      on = fields.find((f) => f.name === seg)
      const group = on && objectFields(on)
      if (group && !on?.localized && i < segs.length - 1) fields = group
      else if (i < segs.length - 1) on = undefined
      if (!on) break
    }
    const relation = on && relationOf(on)
    if (!on || !relation)
      throw new ConfigError(
        `${at}: on "${field.on}" is not a relationship field of collection "${target.slug}" (a dotted path through groups; fields in arrays and blocks cannot be joined).`,
      )
    const { targets } = relation
    if (!targets.includes(c.slug))
      throw new ConfigError(
        `${at}: the relationship field "${field.on}" of "${target.slug}" relates to ${targets.map((t) => `"${t}"`).join(', ')}, not to "${c.slug}".`,
      )
    if (on.localized)
      throw new ConfigError(
        `${at}: the relationship field "${field.on}" of "${target.slug}" is localized, which joins do not support.`,
      )
    joins.push({ path: joinPath, field, on })
    return false
  })
  return joins
}
