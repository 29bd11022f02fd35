import { optionalBody, writeInput, type RestHandlers } from './request.ts'

export const docAccess: RestHandlers['docAccess'] = async (cms, r) => {
  const global = r.meta.global
  const fields =
    global !== undefined
      ? cms.global(global).flatFields
      : cms.collection(r.meta.collection).flatFields
  const given = optionalBody(r)
  // A body's locale is the request's, as on a write (writeInput); an absent body stays absent.
  const { data, options } = writeInput(r, fields, given ?? {})
  const common = { data: given && data, req: r.req, locale: options.locale }
  return {
    status: 200,
    body:
      global !== undefined
        ? await cms.docAccessGlobal({ slug: global, ...common })
        : await cms.docAccess({ collection: r.meta.collection, id: r.params.id, ...common }),
  }
}
