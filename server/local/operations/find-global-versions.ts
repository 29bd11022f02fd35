/** The findGlobalVersions kind. */
import type { Cms } from '../cms.ts'
import type {
  FindGlobalVersionsArgs,
  GlobalOf,
  GlobalSlug,
  GlobalVersionDoc,
  PaginatedDocs,
} from '../../config/local-api.ts'
import { pageOfVersions } from './find-versions.ts'

import { globalVersionsRead } from './count-global-versions.ts'

/** Lists a global's versions, newest first, paginated. */
export async function findGlobalVersions<S extends GlobalSlug>(
  this: Cms,
  args: FindGlobalVersionsArgs<S>,
): Promise<PaginatedDocs<GlobalVersionDoc<GlobalOf<S>>>>
export async function findGlobalVersions(
  this: Cms,
  args: FindGlobalVersionsArgs<GlobalSlug>,
): Promise<PaginatedDocs<object>> {
  return pageOfVersions(globalVersionsRead(this, args.slug, args), args)
}
