import type { SanitizedCollection, SanitizedConfig } from '../config/types.ts'
import { relationOf } from '../fields/registry.ts'
import { collectionSchema, type Placement } from '../db/schema.ts'
import { isContainer } from '../db/where.ts'
import { escapeRe, SPACES } from './patterns.ts'
import type { Schema } from './schemas.ts'

/**
 * What `sort` accepts, as the where compiler's `valueExpression` (server/db/where.ts) decides it: `id`, the
 * timestamps, a field stored in a column (dotted into groups), a polymorphic relationship (its id) and a
 * localized single value. Derived from the same placements, so the contract cannot drift from the server.
 */
export function sortablePaths(
  c: SanitizedCollection,
  config?: SanitizedConfig,
  hops = SORT_HOPS,
  base = '',
): string[] {
  const out = ['id', ...(c.timestamps ? ['createdAt', 'updatedAt'] : [])].map((p) => base + p)
  const walk = (placements: Map<string, Placement>, prefix: string) => {
    for (const [name, p] of placements) {
      // valueExpression refuses a hidden top-level field only.
      if (prefix === base && 'field' in p && p.field.hidden) continue
      if (p.kind === 'group') walk(p.children, `${prefix}${name}.`)
      else if (p.kind === 'column' || p.kind === 'polymorphic') out.push(prefix + name)
      else if (p.kind === 'json' && p.field.localized && !isContainer(p.field))
        out.push(prefix + name)
      // Through a single-collection relationship (the sort compiler's relatedIds): the related paths.
      const relation = 'field' in p && p.kind !== 'group' ? relationOf(p.field) : undefined
      const related = relation && config?.collectionsBySlug.get(relation.targets[0])
      const through =
        p.kind === 'column' || (p.kind === 'json' && !(relation?.hasMany && p.field.localized))
      if (hops > 0 && related && !relation.polymorphic && through)
        out.push(...sortablePaths(related, config, hops - 1, `${prefix}${name}.`))
    }
  }
  walk(collectionSchema(c).placements, base)
  return out
}

/** How many relationships a sort path the contract lists may go through (`director.movie.name`: two). */
const SORT_HOPS = 2

/**
 * The `sort` parameter of a collection (or a versions collection): a comma-separated list of sortable paths,
 * each optionally prefixed with "-" (descending) or "+"; a group path may use `__` for its dots (GraphQL's form).
 * An unknown path is a 400, so the pattern names every accepted one (and Local's 400 names the key: the request
 * validator leaves this pattern to it, server/http/dispatch.ts).
 */
export function sortParam(c: SanitizedCollection, config?: SanitizedConfig): Schema {
  const paths = sortablePaths(c, config)
  const forms = [...new Set(paths.flatMap((p) => [p, p.replace(/\./g, '__')]))]
  // Keys are trimmed and empty ones skipped (compileSort), so spaces and empty keys are part of the form.
  const one = `${SPACES}(?:[+-]?(?:${forms.map(escapeRe).join('|')})${SPACES})?`
  return {
    name: 'sort',
    in: 'query',
    // The paths, for `contracts diff` (a pattern cannot say that adding a path is not breaking).
    'x-cms-sortable': paths,
    description: `Field path(s), comma-separated; a leading "-" sorts descending. Sortable: ${paths.map((p) => `\`${p}\``).join(', ')}.`,
    schema: { type: 'string', pattern: `^${one}(?:,${one})*$` },
  }
}
