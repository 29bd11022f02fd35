import { type RestHandlers } from './request.ts'

export const init: RestHandlers['init'] = async (cms, r) => {
  return {
    status: 200,
    body: { initialized: await cms.initialized({ collection: r.meta.collection }) },
  }
}
