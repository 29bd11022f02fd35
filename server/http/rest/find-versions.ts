import { listOptions, type RestHandlers } from './request.ts'

export const findVersions: RestHandlers['findVersions'] = async (cms, r) => {
  return {
    status: 200,
    body: await cms.findVersions({ collection: r.meta.collection, ...listOptions(r) }),
  }
}
