import type { AccessArgs, AccessResults } from '../../config/local-api.ts'
import type { CmsRequest } from '../../config/types.ts'
import type { Cms } from '../cms.ts'
import {
  collectionOperations,
  entityPermissions,
  globalOperations,
  sanitizeEntity,
} from '../permissions.ts'
import { createLocalReq } from '../request.ts'

/**
 * What the caller may do, everywhere (Payload's `GET /api/access`): per collection and global its operations and
 * fields (see `permissions.ts`). A Where from access is returned unevaluated as `{ permission: true, where }`.
 * `raw: true` answers every decision as `{ permission, where? }` (the GraphQL form) instead of Payload's
 * sanitised REST form.
 */
export async function access(this: Cms, args: AccessArgs = {}): Promise<AccessResults> {
  const req = createLocalReq(this, args)
  const collections: Record<string, unknown> = {}
  const globals: Record<string, unknown> = {}
  for (const c of this.config.collections) {
    const p = await entityPermissions({
      req,
      access: c.access,
      fields: c.flatFields,
      timestamps: c.timestamps,
      operations: collectionOperations(c),
    })
    collections[c.slug] = args.raw ? p : sanitizeEntity(p)
  }
  for (const g of this.config.globals) {
    const p = await entityPermissions({
      req,
      access: g.access,
      fields: g.flatFields,
      timestamps: true,
      operations: globalOperations(g),
    })
    globals[g.slug] = args.raw ? p : sanitizeEntity(p)
  }
  const admin = await canAccessAdmin(this, req)
  return args.raw
    ? { canAccessAdmin: admin, collections, globals }
    : { canAccessAdmin: admin, ...pruned({ collections, globals }) }
}

/**
 * Payload's `canAccessAdmin`: a logged-in user of the admin's user collection (root `admin.user`, else `users`,
 * else the first auth collection), asked of its `access.admin` when it has one.
 */
async function canAccessAdmin(cms: Cms, req: CmsRequest): Promise<boolean> {
  const { collections, admin } = cms.config
  const slug =
    admin?.user ??
    (collections.some((c) => c.slug === 'users' && c.auth) ? 'users' : undefined) ??
    collections.find((c) => c.auth)?.slug
  if (!req.user || req.user.collection !== slug) return false
  const gate = collections.find((c) => c.slug === slug)?.access.admin
  return gate ? Boolean(await gate({ req })) : true
}

/** Entities with nothing allowed are left out, and so are `collections` and `globals` when empty (as Payload). */
function pruned(r: {
  collections: Record<string, unknown>
  globals: Record<string, unknown>
}): AccessResults {
  const out: AccessResults = {}
  for (const key of ['collections', 'globals'] as const) {
    const kept = Object.fromEntries(Object.entries(r[key]).filter(([, v]) => v !== undefined))
    if (Object.keys(kept).length) out[key] = kept
  }
  return out
}
