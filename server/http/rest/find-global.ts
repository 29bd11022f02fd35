import { readOptions, type RestHandlers } from './request.ts'

export const findGlobal: RestHandlers['findGlobal'] = async (cms, r) => {
  return { status: 200, body: await cms.findGlobal({ slug: r.meta.global, ...readOptions(r) }) }
}
