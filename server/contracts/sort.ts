import type { SanitizedCollection } from '../config/types.ts'
import { collectionSchema, type Placement } from '../db/schema.ts'
import { isContainer } from '../db/where.ts'
import { escapeRe, SPACES } from './patterns.ts'
import type { Schema } from './schemas.ts'

/**
 * What `sort` accepts, as the where compiler's `valueExpression` (server/db/where.ts) decides it: `id`, the
 * timestamps, a field stored in a column (dotted into groups), a polymorphic relationship (its id) and a
 * localized single value. Derived from the same placements, so the contract cannot drift from the server.
 */
export function sortablePaths(c: SanitizedCollection): string[] {
  const out = ['id', ...(c.timestamps ? ['createdAt', 'updatedAt'] : [])]
  const walk = (placements: Map<string, Placement>, prefix: string) => {
    for (const [name, p] of placements) {
      // valueExpression refuses a hidden top-level field only.
      if (!prefix && 'field' in p && p.field.hidden) continue
      if (p.kind === 'group') walk(p.children, `${prefix}${name}.`)
      else if (p.kind === 'column' || p.kind === 'polymorphic') out.push(prefix + name)
      else if (p.kind === 'json' && p.field.localized && !isContainer(p.field))
        out.push(prefix + name)
    }
  }
  walk(collectionSchema(c).placements, '')
  return out
}

/**
 * The `sort` parameter of a collection (or a versions collection): a comma-separated list of sortable paths,
 * each optionally prefixed with "-" (descending) or "+"; a group path may use `__` for its dots (GraphQL's form).
 * An unknown path is a 400, so the pattern names every accepted one (and Local's 400 names the key: the request
 * validator leaves this pattern to it, server/http/dispatch.ts).
 */
export function sortParam(c: SanitizedCollection): Schema {
  const paths = sortablePaths(c)
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
