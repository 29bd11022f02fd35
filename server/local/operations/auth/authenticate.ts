import { verifyToken, type TokenClaims } from '../../../auth/tokens.ts'
import { selectById } from '../../../db/store.ts'
import { sessionAlive } from '../../../db/stores/sessions.ts'
import type { Cms } from '../../cms.ts'
import { readDocs } from '../../read.ts'
import { createLocalReq } from '../../request.ts'
import type { User } from './shared.ts'

/** The user a token stands for, with its claims; undefined when the token is invalid, expired, or its session ended. */
export async function authenticate(
  this: Cms,
  token: string,
): Promise<{ user: User; claims: TokenClaims } | undefined> {
  const claims = await verifyToken(this.config, token)
  if (!claims) return undefined
  const c = this.config.collectionsBySlug.get(claims.collection)
  if (!c?.auth) return undefined
  if (!(await sessionAlive(this.db, claims.sid, c.slug, claims.id))) return undefined
  const doc = await selectById(this.db, this.queryContext(), c, claims.id)
  if (!doc) return undefined
  const req = createLocalReq(this, {})
  const [user] = await readDocs(this, c, [doc], req, { depth: 0, overrideAccess: true })
  return { user: user as User, claims }
}
