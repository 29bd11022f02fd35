import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { boolParam } from '../query.ts'
import { body, collectionOf, readOptions, savedMessage, type RestHandlers } from './request.ts'

export const update: RestHandlers['update'] = async (cms, r) => {
  const auth = Boolean(collectionOf(cms, r).auth)
  const doc = await limitedPasswordChange(cms, r.ip, auth, r.body, () =>
    cms.update({
      collection: r.meta.collection,
      id: r.params.id,
      data: body(r),
      ...readOptions(r),
      autosave: boolParam(r.query.autosave),
    }),
  )
  return { status: 200, body: { doc, message: savedMessage(r) } }
}
