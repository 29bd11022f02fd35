import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { collectionOf, writeInput, type RestHandlers } from './request.ts'

export const create: RestHandlers['create'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const { data, options } = writeInput(r, c.flatFields)
  const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
    cms.create({ collection: c.slug, data, ...options, file: r.req.file }),
  )
  return { status: 201, body: { doc, message: `${c.labels.singular} successfully created.` } }
}
