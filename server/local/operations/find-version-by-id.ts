import { selectDocs } from '../../db/store.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { runOperation } from '../operation.ts'
import { depthParam, idParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { createLocalReq, executorFor } from '../request.ts'
import type {
  CollectionSlug,
  DocOf,
  FindVersionByIDArgs,
  VersionDoc,
} from '../../config/local-api.ts'
import { versioned } from '../versions.ts'
import { withoutTrashed } from '../trash.ts'

/** One version by its id (404 when missing or hidden by `readVersions`). */
export async function findVersionByID<S extends CollectionSlug>(
  this: Cms,
  incoming: FindVersionByIDArgs<S>,
): Promise<VersionDoc<DocOf<S>>> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return runOperation(
    collection,
    req,
    ['read', 'findVersionByID'],
    incoming,
    overrideAccess,
    async (args) => {
      const id = idParam(args.id)
      const access = await executeAccess(
        collection.access.readVersions,
        { req, id },
        overrideAccess,
      )
      const [row] = await selectDocs(
        executorFor(this, req),
        this.queryContext(req.locale),
        versions,
        {
          where: withoutTrashed(
            collection,
            combineWhere({ id: { equals: id } }, access),
            args.trash,
            'version.deletedAt',
          ),
          limit: 1,
        },
      )
      if (!row) {
        if (args.disableErrors) return null as unknown as VersionDoc<DocOf<S>>
        throw new NotFound()
      }
      const [out] = await readDocs(this, versions, [row], req, {
        ...args,
        depth: depthParam(this, args.depth),
      })
      return out as unknown as VersionDoc<DocOf<S>>
    },
  )
}
