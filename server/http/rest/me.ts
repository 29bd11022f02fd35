import { intParam } from '../query.ts'
import { collectionOf, withoutToken, type RestHandlers } from './request.ts'

export const me: RestHandlers['me'] = async (cms, r) => {
  const account = await cms.me({
    collection: r.meta.collection,
    req: r.req,
    depth: intParam(r.query.depth),
    select: r.structured.select,
    overrideAccess: false,
  })
  const c = collectionOf(cms, r)
  return { status: 200, body: withoutToken(c, { ...account, message: 'Account' }) }
}
