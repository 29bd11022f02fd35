/** The findGlobalVersionByID kind. */
import type { Cms } from '../cms.ts'
import type {
  FindGlobalVersionByIDArgs,
  GlobalOf,
  GlobalSlug,
  GlobalVersionDoc,
} from '../../config/local-api.ts'
import { oneVersion } from './find-version-by-id.ts'

import { globalVersionsRead } from './count-global-versions.ts'

/** One version of a global by its id (404 when missing or hidden by `readVersions`). */
export async function findGlobalVersionByID<S extends GlobalSlug>(
  this: Cms,
  args: FindGlobalVersionByIDArgs<S>,
): Promise<GlobalVersionDoc<GlobalOf<S>>>
export async function findGlobalVersionByID(
  this: Cms,
  args: FindGlobalVersionByIDArgs<GlobalSlug>,
): Promise<object | null> {
  return oneVersion(globalVersionsRead(this, args.slug, args), args)
}
