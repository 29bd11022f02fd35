import { listOptions, type RestHandlers } from './request.ts'

export const count: RestHandlers['count'] = async (cms, r) => {
  const { where, locale, draft, trash, req } = listOptions(r)
  return {
    status: 200,
    body: await cms.count({
      collection: r.meta.collection,
      where,
      locale,
      draft,
      trash,
      req,
      overrideAccess: false,
    }),
  }
}
