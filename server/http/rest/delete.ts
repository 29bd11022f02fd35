import { boolParam, intParam } from '../query.ts'
import { type RestHandlers } from './request.ts'

export const deleteDocument: RestHandlers['delete'] = async (cms, r) => {
  const doc = await cms.delete({
    collection: r.meta.collection,
    id: r.params.id,
    depth: intParam(r.query.depth),
    trash: boolParam(r.query.trash),
    overrideLock: boolParam(r.query.overrideLock) ?? false,
    req: r.req,
    overrideAccess: false,
  })
  return { status: 200, body: { doc, message: 'Deleted successfully.' } }
}
