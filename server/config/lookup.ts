import type { SanitizedCollection, SanitizedConfig } from './types.ts'

/**
 * A collection the sanitised config itself names (a relationship's target, a join's collection): sanitising
 * checked that it exists, so a missing one is a bug, not a client's fault.
 */
export function collectionOf(
  config: Pick<SanitizedConfig, 'collectionsBySlug'>,
  slug: string,
): SanitizedCollection {
  const collection = config.collectionsBySlug.get(slug)
  if (!collection) throw new Error(`The config has no collection "${slug}".`)
  return collection
}
