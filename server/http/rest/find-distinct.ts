import { listOptions, text, type RestHandlers } from './request.ts'

export const findDistinct: RestHandlers['findDistinct'] = async (cms, r) => {
  const { where, locale, trash, limit, page, sort, depth, req } = listOptions(r)
  return {
    status: 200,
    body: await cms.findDistinct({
      collection: r.meta.collection,
      field: text(r.query.field) ?? '',
      where,
      locale,
      trash,
      limit,
      page,
      sort,
      depth,
      req,
      overrideAccess: false,
    }),
  }
}
