import { body, type RestHandlers } from './request.ts'

export const unlock: RestHandlers['unlock'] = async (cms, r) => {
  await cms.unlock({
    collection: r.meta.collection,
    data: body(r) as { email: string },
    overrideAccess: false,
    req: r.req,
  })
  return { status: 200, body: { message: 'Success' } }
}
