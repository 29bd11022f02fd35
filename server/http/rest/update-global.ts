import { boolParam } from '../query.ts'
import { savedMessage, writeInput, type RestHandlers } from './request.ts'

export const updateGlobal: RestHandlers['updateGlobal'] = async (cms, r) => {
  const { data, options } = writeInput(r, cms.global(r.meta.global).flatFields)
  const result = await cms.updateGlobal({
    slug: r.meta.global,
    data,
    ...options,
    autosave: boolParam(r.query.autosave),
  })
  return { status: 200, body: { message: savedMessage(r), result } }
}
