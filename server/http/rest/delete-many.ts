import { boolParam, intParam } from '../query.ts'
import { collectionOf, requireWhere, text, type RestHandlers } from './request.ts'

export const deleteMany: RestHandlers['deleteMany'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const result = await cms.delete({
    collection: c.slug,
    where: requireWhere(r),
    limit: intParam(r.query.limit),
    sort: text(r.query.sort),
    depth: intParam(r.query.depth),
    trash: boolParam(r.query.trash),
    overrideLock: boolParam(r.query.overrideLock) ?? false,
    req: r.req,
    overrideAccess: false,
  })
  return {
    status: 200,
    body: {
      ...result,
      message: `Deleted ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.`,
    },
  }
}
