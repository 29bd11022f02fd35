import type { AccessArgs, AccessResults } from '../../config/local-api.ts'
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
  return args.raw ? { collections, globals } : pruned({ collections, globals })
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
