/**
 * Payload's access helpers: `executeAccess` (run one access function, a 403 when it denies), `getAccessResults`
 * (the caller's permissions, as `GET /api/access` answers them) and `canAccessAdmin` (the admin gate, a 401 when
 * it is closed).
 */
import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import type { AccessResults } from '../../config/local-api.ts'
import type { AccessResult, CmsRequest, SanitizedConfig } from '../../config/types.ts'
import type { Cms } from '../cms.ts'

type AccessFn = (args: Record<string, unknown>) => AccessResult | Promise<AccessResult>

/**
 * Runs `access` with `{ id, collectionConfig, data, isReadingStaticFile, req }` and answers what it answers; a
 * falsy answer is a 403 unless `disableErrors`. Without a function, a logged-in user passes and anyone else is
 * refused the same way.
 */
export async function executeAccess(
  args: {
    id?: unknown
    collectionConfig?: unknown
    data?: unknown
    disableErrors?: boolean
    isReadingStaticFile?: boolean
    req: CmsRequest
  },
  access?: AccessFn,
): Promise<AccessResult> {
  const { id, collectionConfig, data, disableErrors, isReadingStaticFile = false, req } = args
  const result = access
    ? await access({ id, collectionConfig, data, isReadingStaticFile, req })
    : Boolean(req.user)
  if (!result && !disableErrors) throw new Forbidden()
  return result
}

/** The caller's permissions on every collection and global, with `canAccessAdmin`. */
export function getAccessResults({ req }: { req: CmsRequest }): Promise<AccessResults> {
  return (req.payload as unknown as Cms).access({ req })
}

/**
 * The admin gate: a user passes the `access.admin` of their collection, or without one must be of the collection
 * `admin.user` names; without a user, only while that collection has no users yet (the first user's sign-up).
 * Anyone else gets a 401.
 */
export async function canAccessAdmin({ req }: { req: CmsRequest }): Promise<void> {
  const cms = req.payload as unknown as Cms
  const config: SanitizedConfig = cms.config
  const adminSlug = config.admin?.user ?? config.collections.find((c) => c.auth)?.slug
  const slug = req.user?.collection
  if (slug) {
    const gate = config.collectionsBySlug.get(slug)?.access?.admin
    if (gate ? !(await gate({ req })) : adminSlug !== slug) throw new Unauthorized()
    return
  }
  if (!adminSlug) throw new Unauthorized()
  const users = await cms.find({ collection: adminSlug, depth: 0, limit: 1, pagination: false })
  if (users.docs.length) throw new Unauthorized()
}
