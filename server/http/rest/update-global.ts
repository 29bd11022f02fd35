import { boolParam } from '../query.ts'
import { body, readOptions, savedMessage, type RestHandlers } from './request.ts'

export const updateGlobal: RestHandlers['updateGlobal'] = async (cms, r) => {
  const result = await cms.updateGlobal({
    slug: r.meta.global,
    data: body(r),
    ...readOptions(r),
    autosave: boolParam(r.query.autosave),
  })
  return { status: 200, body: { message: savedMessage(r), result } }
}
