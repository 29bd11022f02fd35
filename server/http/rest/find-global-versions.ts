import { listOptions, type RestHandlers } from './request.ts'

export const findGlobalVersions: RestHandlers['findGlobalVersions'] = async (cms, r) => {
  const { draft: _draft, ...options } = listOptions(r)
  return {
    status: 200,
    body: await cms.findGlobalVersions({ slug: r.meta.global, ...options }),
  }
}
