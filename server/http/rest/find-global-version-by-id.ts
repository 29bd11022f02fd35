import { readOptions, type RestHandlers } from './request.ts'

export const findGlobalVersionByID: RestHandlers['findGlobalVersionByID'] = async (cms, r) => {
  const { draft: _draft, ...options } = readOptions(r)
  return {
    status: 200,
    body: await cms.findGlobalVersionByID({
      slug: r.meta.global,
      id: r.params.id,
      ...options,
    }),
  }
}
