import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'
import type { BaseArgs, CountGlobalVersionsArgs, GlobalSlug } from '../../config/local-api.ts'
import { versionedGlobal } from '../versions.ts'
import { countOfVersions, type VersionsRead } from './count-versions.ts'

/**
 * The reads of a global's versions, as a collection's (`readVersions` access; without an access function, any
 * logged-in user), through the same code: a global's versions are an internal collection without `parent`.
 */

/** `{ totalDocs }` of a global's versions matching `where`. */
export async function countGlobalVersions<S extends GlobalSlug>(
  this: Cms,
  args: CountGlobalVersionsArgs<S>,
): Promise<{ totalDocs: number }> {
  return countOfVersions(globalVersionsRead(this, args.global, args), args.where)
}

/** A read of the global `slug`'s versions, for the call `args` (its request; `overrideAccess` true unless false). */
export function globalVersionsRead(cms: Cms, slug: string, args: BaseArgs): VersionsRead {
  const { global, versions } = versionedGlobal(cms, slug)
  return {
    cms,
    req: createLocalReq(cms, args),
    versions,
    readVersions: global.access.readVersions,
    overrideAccess: args.overrideAccess ?? true,
  }
}
