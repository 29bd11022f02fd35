import type { Cms } from '../cms.ts'
import { createLocalReq } from '../request.ts'
import type {
  CountGlobalVersionsArgs,
  FindGlobalVersionByIDArgs,
  FindGlobalVersionsArgs,
  GlobalOf,
  GlobalSlug,
  GlobalVersionDoc,
  PaginatedDocs,
} from '../../config/local-api.ts'
import { versionedGlobal } from '../versions.ts'
import { countOfVersions } from './count-versions.ts'
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
  const { global, versions } = versionedGlobal(this, args.slug)
  const req = createLocalReq(this, args)
  return (await pageOfVersions(
    this,
    req,
    versions,
    global.access.readVersions,
    args,
    args.overrideAccess ?? true,
  )) as unknown as PaginatedDocs<GlobalVersionDoc<GlobalOf<S>>>
}

/** One version of a global by its id (404 when missing or hidden by `readVersions`). */
export async function findGlobalVersionByID<S extends GlobalSlug>(
  this: Cms,
  args: FindGlobalVersionByIDArgs<S>,
): Promise<GlobalVersionDoc<GlobalOf<S>>> {
  const { global, versions } = versionedGlobal(this, args.slug)
  const req = createLocalReq(this, args)
  return (await oneVersion(
    this,
    req,
    versions,
    global.access.readVersions,
    args,
    args.overrideAccess ?? true,
  )) as unknown as GlobalVersionDoc<GlobalOf<S>>
}

/** `{ totalDocs }` of a global's versions matching `where`. */
export async function countGlobalVersions<S extends GlobalSlug>(
  this: Cms,
  args: CountGlobalVersionsArgs<S>,
): Promise<{ totalDocs: number }> {
  const { global, versions } = versionedGlobal(this, args.global)
  const req = createLocalReq(this, args)
  return countOfVersions(
    this,
    req,
    versions,
    global.access.readVersions,
    args.where,
    args.overrideAccess ?? true,
  )
}
