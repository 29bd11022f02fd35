import { boolParam } from '../query.ts'
import { savedMessage, writeInput, type RestHandlers } from './request.ts'

export const updateGlobal: RestHandlers['updateGlobal'] = async (cms, r) => {
  const { data, options } = writeInput(r, cms.global(r.meta.global).flatFields)
  const result = await cms.updateGlobal({
    slug: r.meta.global,
    data,
    ...options,
    autosave: boolParam(r.query.autosave),
    // Payload's REST update of a global does not check locks; `overrideLock=false` asks for the check.
    overrideLock: boolParam(r.query.overrideLock) ?? true,
  })
  return { status: 200, body: { message: savedMessage(r), result } }
}
