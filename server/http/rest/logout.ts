import { tokenCookie } from '../../auth/cookies.ts'
import { sessionOf } from '../../auth/session.ts'
import { boolParam } from '../query.ts'
import { collectionOf, type RestHandlers } from './request.ts'

export const logout: RestHandlers['logout'] = async (cms, r) => {
  const auth = sessionOf(r.req, r.meta.collection)
  await cms.logout({
    collection: r.meta.collection,
    sid: auth.claims.sid,
    allSessions: boolParam(r.query.allSessions),
    req: r.req,
  })
  return {
    status: 200,
    body: { message: 'Logout successful.' },
    headers: { 'Set-Cookie': tokenCookie(cms.config, collectionOf(cms, r), '') },
  }
}
