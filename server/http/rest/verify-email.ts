import { type RestHandlers } from './request.ts'

export const verifyEmail: RestHandlers['verifyEmail'] = async (cms, r) => {
  await cms.verifyEmail({ collection: r.meta.collection, token: r.params.token, req: r.req })
  return { status: 200, body: { message: 'Account verified successfully.' } }
}
