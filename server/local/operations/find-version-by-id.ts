import { selectDocs } from '../../db/store.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { collectionOperation } from '../operation.ts'
import type { VersionsRead } from './count-versions.ts'
import { depthParam, idParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type { SanitizedCollection } from '../../config/types.ts'
import type {
  CollectionSlug,
  DocOf,
  FindVersionByIDArgs,
  VersionDoc,
} from '../../config/local-api.ts'
import { accessOnVersions, versioned } from '../versions.ts'
import { withoutTrashed } from '../trash.ts'

/** One version by its id (404 when missing or hidden by `readVersions`). */
export async function findVersionByID<S extends CollectionSlug>(
  this: Cms,
  incoming: FindVersionByIDArgs<S>,
): Promise<VersionDoc<DocOf<S>>>
export async function findVersionByID(
  this: Cms,
  incoming: FindVersionByIDArgs<CollectionSlug>,
): Promise<object | null> {
  const { collection, versions } = versioned(this, incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['read', 'findVersionByID'],
    incoming,
    (args, { req, overrideAccess }) =>
      oneVersion(
        { cms: this, req, versions, readVersions: collection.access.readVersions, overrideAccess },
        args,
        collection,
      ),
  )
}

/** One version of a versions collection (a collection's or a global's), under `readVersions` access. */
export async function oneVersion(
  { cms, req, versions, readVersions, overrideAccess }: VersionsRead,
  args: Omit<FindVersionByIDArgs<string>, 'collection'>,
  /** The collection whose versions these are, when it keeps a trash: versions of trashed documents hidden. */
  trashOf?: SanitizedCollection,
): Promise<Record<string, unknown> | null> {
  const id = idParam(args.id)
  const access = accessOnVersions(
    await executeAccess(readVersions, { req, id }, overrideAccess),
    versions,
  )
  const [row] = await selectDocs(executorFor(cms, req), cms.queryContext(req.locale), versions, {
    where: trashOf
      ? withoutTrashed(
          trashOf,
          combineWhere({ id: { equals: id } }, access),
          args.trash,
          'version.deletedAt',
        )
      : combineWhere({ id: { equals: id } }, access),
    limit: 1,
  })
  if (!row) {
    if (args.disableErrors) return null
    throw new NotFound()
  }
  const [out] = await readDocs(cms, versions, [row], req, {
    ...args,
    depth: depthParam(cms, args.depth),
    history: true,
  })
  return out
}
