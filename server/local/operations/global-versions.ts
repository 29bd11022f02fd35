import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'
import type {
  BaseArgs,
  CountGlobalVersionsArgs,
  FindGlobalVersionByIDArgs,
  FindGlobalVersionsArgs,
  GlobalOf,
  GlobalSlug,
  GlobalVersionDoc,
  PaginatedDocs,
} from '../../config/local-api.ts'
import { versionedGlobal } from '../versions.ts'
import { countOfVersions, type VersionsRead } from './count-versions.ts'
import { oneVersion } from './find-version-by-id.ts'
import { pageOfVersions } from './find-versions.ts'

/**
 * The reads of a global's versions, as a collection's (`readVersions` access; without an access function, any
 * logged-in user), through the same code: a global's versions are an internal collection without `parent`.
 */

/** Lists a global's versions, newest first, paginated. */
export async function findGlobalVersions<S extends GlobalSlug>(
  this: Cms,
  args: FindGlobalVersionsArgs<S>,
): Promise<PaginatedDocs<GlobalVersionDoc<GlobalOf<S>>>> {
  return (await pageOfVersions(
    globalVersionsRead(this, args.slug, args),
    args,
  )) as unknown as PaginatedDocs<GlobalVersionDoc<GlobalOf<S>>>
}

/** One version of a global by its id (404 when missing or hidden by `readVersions`). */
export async function findGlobalVersionByID<S extends GlobalSlug>(
  this: Cms,
  args: FindGlobalVersionByIDArgs<S>,
): Promise<GlobalVersionDoc<GlobalOf<S>>> {
  return (await oneVersion(
    globalVersionsRead(this, args.slug, args),
    args,
  )) as unknown as GlobalVersionDoc<GlobalOf<S>>
}

/** `{ totalDocs }` of a global's versions matching `where`. */
export async function countGlobalVersions<S extends GlobalSlug>(
  this: Cms,
  args: CountGlobalVersionsArgs<S>,
): Promise<{ totalDocs: number }> {
  return countOfVersions(globalVersionsRead(this, args.global, args), args.where)
}

/** A read of the global `slug`'s versions, for the call `args` (its request; `overrideAccess` true unless false). */
function globalVersionsRead(cms: Cms, slug: string, args: BaseArgs): VersionsRead {
  const { global, versions } = versionedGlobal(cms, slug)
  return {
    cms,
    req: createLocalReq(cms, args),
    versions,
    readVersions: global.access.readVersions,
    overrideAccess: args.overrideAccess ?? true,
  }
}
