import { listOptions, type RestHandlers } from './request.ts'

export const find: RestHandlers['find'] = async (cms, r) => {
  return {
    status: 200,
    body: await cms.find({ collection: r.meta.collection, ...listOptions(r) }),
  }
}
