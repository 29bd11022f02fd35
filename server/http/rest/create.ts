import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { body, collectionOf, readOptions, type RestHandlers } from './request.ts'

export const create: RestHandlers['create'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
    cms.create({ collection: c.slug, data: body(r), ...readOptions(r) }),
  )
  return { status: 201, body: { doc, message: `${c.labels.singular} successfully created.` } }
}
