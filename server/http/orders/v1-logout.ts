import { caller, type OrderHandlers } from './request.ts'
import { authOf } from '../../auth/session.ts'

export const v1Logout: OrderHandlers['v1Logout'] = async (cms, r) => {
  caller(r)
  const auth = authOf(r.req)
  // A request authenticated by an API key has no session to end.
  if (auth?.claims) await cms.logout({ collection: auth.claims.collection, sid: auth.claims.sid })
  return { status: 204 }
}
