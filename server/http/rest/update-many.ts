import { limitedPasswordChange } from '../../auth/rate-limit.ts'
import { boolParam, intParam } from '../query.ts'
import { collectionOf, requireWhere, text, writeInput, type RestHandlers } from './request.ts'

export const updateMany: RestHandlers['updateMany'] = async (cms, r) => {
  const c = collectionOf(cms, r)
  const { data, options } = writeInput(r, c.flatFields)
  const result = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
    cms.update({
      collection: c.slug,
      where: requireWhere(r),
      limit: intParam(r.query.limit),
      sort: text(r.query.sort),
      data,
      ...options,
      overrideLock: boolParam(r.query.overrideLock) ?? false,
    }),
  )
  return {
    status: 200,
    body: {
      ...result,
      message: `Updated ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.`,
    },
  }
}
