import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { boolParam } from '../query.ts'
import { collectionOf, savedMessage, writeInput, type RestHandlers } from './request.ts'

export const update: RestHandlers['update'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const { data, options } = writeInput(r, c.flatFields)
  const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
    cms.update({
      collection: r.meta.collection,
      id: r.params.id,
      data,
      ...options,
      overrideLock: boolParam(r.query.overrideLock) ?? false,
      autosave: boolParam(r.query.autosave),
      file: r.req.file,
    }),
  )
  return { status: 200, body: { doc, message: savedMessage(r) } }
}
