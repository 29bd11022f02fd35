import { readOptions, type RestHandlers } from './request.ts'

export const findByID: RestHandlers['findByID'] = async (cms, r) => {
  return {
    status: 200,
    body: await cms.findByID({
      collection: r.meta.collection,
      id: r.params.id,
      ...readOptions(r),
    }),
  }
}
