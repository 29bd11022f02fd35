import { optionalBody, text, type RestHandlers } from './request.ts'

export const docAccess: RestHandlers['docAccess'] = async (cms, r) => {
  const common = {
    data: optionalBody(r),
    req: r.req,
    locale: text(r.query.locale),
  }
  return {
    status: 200,
    body:
      r.meta.global !== undefined
        ? await cms.docAccessGlobal({ slug: r.meta.global, ...common })
        : await cms.docAccess({ collection: r.meta.collection, id: r.params.id, ...common }),
  }
}
