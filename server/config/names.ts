import pluralize from 'pluralize'
import { toWords } from './labels.ts'
import type { SanitizedCollection, SanitizedConfig, SanitizedGlobal } from './types.ts'

/**
 * Names shared by both contracts and the type generator, so that a collection is `Post` / `Posts` everywhere:
 * OpenAPI component and operation names, GraphQL types and fields, TypeScript interfaces.
 */

/** `Blog post` → `BlogPost`: special characters and spaces removed, words capitalised (the seed's rule). */
export function typeName(label: string): string {
  const words = toWords(label.normalize('NFKD').replace(/[^A-Za-z0-9\s_-]/g, ' '))
  const name = words.replace(/\s+/g, '')
  return /^[0-9]/.test(name) ? `_${name}` : name || '_'
}

export interface CollectionNames {
  /** `Post` */
  singular: string
  /** `Posts`; `All<Singular>` when the labels give the same word for both (OpenAPI, TypeScript, the SDK). */
  plural: string
  /**
   * The GraphQL list query and type: `Posts`, or Payload's `all<Singular>` when both are the same word (`media`:
   * `allMedia`, `countallMedia`, `versionsallMedia`), so a Payload frontend's queries run unchanged.
   */
  graphQLPlural: string
}

export function collectionNames(c: SanitizedCollection): CollectionNames {
  const singular = typeName(c.labels.singular)
  const plural = typeName(c.labels.plural)
  if (plural !== singular) return { singular, plural, graphQLPlural: plural }
  return { singular, plural: `All${singular}`, graphQLPlural: `all${singular}` }
}

/** `site-settings` → `SiteSetting` (a global is named by its singular, as Payload does). */
export function globalName(g: SanitizedGlobal): string {
  return typeName(pluralize.singular(g.label))
}

/** Collection and global names must not collide once turned into type names. */
export function checkNames(config: SanitizedConfig): string[] {
  const seen = new Map<string, string>()
  const problems: string[] = []
  const claim = (name: string, owner: string) => {
    const other = seen.get(name)
    if (other && other !== owner)
      problems.push(
        `${owner} and ${other} both produce the type name "${name}"; set labels to tell them apart.`,
      )
    seen.set(name, owner)
  }
  for (const c of config.collections) {
    const n = collectionNames(c)
    claim(n.singular, `Collection "${c.slug}"`)
    claim(n.plural, `Collection "${c.slug}"`)
  }
  for (const g of config.globals) claim(globalName(g), `Global "${g.slug}"`)
  return problems
}

/** `/:id/tracking` → `IdTracking` (for operation ids of custom endpoints). */
export function pathWords(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => typeName(s.replace(/^:/, '')))
    .join('')
}

/** `/:id/tracking` → `/{id}/tracking` (OpenAPI path template). */
export function openapiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')
}
