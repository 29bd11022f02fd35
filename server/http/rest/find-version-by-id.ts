import { readOptions, type RestHandlers } from './request.ts'

export const findVersionByID: RestHandlers['findVersionByID'] = async (cms, r) => {
  return {
    status: 200,
    body: await cms.findVersionByID({
      collection: r.meta.collection,
      id: r.params.id,
      ...readOptions(r),
    }),
  }
}
