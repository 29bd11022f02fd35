import type {
  Access,
  CmsRequest,
  FlattenedField,
  ID,
  SanitizedCollection,
  SanitizedGlobal,
  Where,
} from '../config/types.ts'

/**
 * The caller's permissions, as Payload computes them (`getEntityPermissions`, `sanitizePermissions`): per
 * collection and global, each operation's access function run for `req` (none: any logged-in user), and per field
 * its own `access.create/read/update` or, without one, the operation's result. A Where returned by access is kept
 * beside the decision: unevaluated (`permission: true`) for `/access`, matched against the stored document for the
 * document-level routes. Hidden fields (auth secrets) are never listed.
 */

export interface Permission {
  permission: boolean
  where?: Where
}
export interface FieldPermission {
  create?: Permission
  read?: Permission
  update?: Permission
  fields?: FieldsPermissions
  blocks?: Record<string, FieldPermission>
}
export type FieldsPermissions = Record<string, FieldPermission>
export type EntityOperation = 'create' | 'read' | 'update' | 'delete' | 'readVersions'
export type EntityPermission = Partial<Record<EntityOperation, Permission>> & {
  fields: FieldsPermissions
}

const FIELD_OPERATIONS = ['create', 'read', 'update'] as const

/** The operations a collection's or global's permissions list. */
export function collectionOperations(c: SanitizedCollection): EntityOperation[] {
  return ['create', 'read', 'update', 'delete', ...(c.versions ? ['readVersions' as const] : [])]
}
export function globalOperations(g: SanitizedGlobal): EntityOperation[] {
  return ['read', 'update', ...(g.versions ? ['readVersions' as const] : [])]
}

/** The fields a permission object lists: the data fields a caller can see, and the timestamps. */
export function permissionFields(
  fields: FlattenedField[],
  timestamps: boolean,
): { name: string; field?: FlattenedField }[] {
  return [
    ...fields.filter((f) => !f.hidden).map((field) => ({ name: field.name, field })),
    ...(timestamps ? [{ name: 'createdAt' }, { name: 'updatedAt' }] : []),
  ]
}

export interface PermissionArgs {
  req: CmsRequest
  access: Partial<Record<EntityOperation, Access | undefined>>
  fields: FlattenedField[]
  timestamps: boolean
  operations: EntityOperation[]
  id?: ID
  /** What access functions get as `data` (and fields as `doc`). */
  data?: Record<string, unknown>
  /** Decides a Where against the document (document-level); without it a Where counts as allowed. */
  evaluate?: (where: Where, operation: EntityOperation) => Promise<boolean>
}

export async function entityPermissions(a: PermissionArgs): Promise<EntityPermission> {
  const out: EntityPermission = { fields: {} }
  const loggedIn = Boolean(a.req.user)
  for (const op of a.operations) {
    const fn = a.access[op]
    if (!fn) {
      out[op] = { permission: loggedIn }
      continue
    }
    const result = await fn({ req: a.req, id: a.id, data: a.data })
    if (result && typeof result === 'object') {
      out[op] = {
        permission: a.evaluate ? await a.evaluate(result, op) : true,
        where: result,
      }
    } else out[op] = { permission: Boolean(result) }
  }
  out.fields = await fieldPermissions(a, permissionFields(a.fields, a.timestamps), out)
  return out
}

async function fieldPermissions(
  a: PermissionArgs,
  fields: { name: string; field?: FlattenedField }[],
  parent: Partial<Record<(typeof FIELD_OPERATIONS)[number], Permission>>,
): Promise<FieldsPermissions> {
  const out: FieldsPermissions = {}
  // Fields have the entity's create, read and update (a global has no create).
  const operations = FIELD_OPERATIONS.filter((op) => a.operations.includes(op))
  for (const { name, field } of fields) {
    const own: FieldPermission = {}
    for (const op of operations) {
      const fn = field?.access?.[op]
      own[op] = {
        permission: fn
          ? Boolean(await fn({ req: a.req, id: a.id, data: a.data, doc: a.data }))
          : (parent[op]?.permission ?? false),
      }
    }
    if (field?.type === 'group' || field?.type === 'array')
      own.fields = await fieldPermissions(a, permissionFields(field.fields, false), own)
    if (field?.type === 'blocks') {
      own.blocks = {}
      for (const block of field.blocks) {
        const b: FieldPermission = {}
        for (const op of operations) b[op] = { permission: own[op]?.permission ?? false }
        b.fields = await fieldPermissions(a, permissionFields(block.fields, false), b)
        own.blocks[block.slug] = b
      }
    }
    out[name] = own
  }
  return out
}

// ---- the REST form (Payload's sanitizePermissions) ---------------------------------------------------------

type Sanitized = true | { [key: string]: Sanitized | { permission: true; where: Where } }

/** What sanitising walks: an entity's, a field's or a block's permissions. */
type PermissionNode = Partial<Record<EntityOperation, Permission>> & {
  fields?: FieldsPermissions
  blocks?: Record<string, FieldPermission>
}
const ENTITY_OPERATIONS: readonly string[] = ['create', 'read', 'update', 'delete', 'readVersions']
const isOperation = (key: string): key is EntityOperation => ENTITY_OPERATIONS.includes(key)

/**
 * Payload's wire form: an allowed operation without a Where is `true`, one with a Where `{ permission: true,
 * where }`, a denied one is left out; a field (or `fields`, `blocks`) whose every entry is `true` becomes `true`;
 * what is left empty is left out. An entity itself stays an object.
 */
export function sanitizeEntity(p: EntityPermission): Record<string, unknown> | undefined {
  const node = sanitizeNode(p, false)
  return node === true ? {} : node
}

function sanitizeNode(
  node: PermissionNode,
  collapse: boolean,
): Exclude<Sanitized, true> | true | undefined {
  const out: Exclude<Sanitized, true> = {}
  let allTrue = true
  // In the node's own key order, which the response keeps.
  for (const key of Object.keys(node)) {
    if (key === 'fields' || key === 'blocks') {
      if (node[key] === undefined) continue
      const inner =
        key === 'fields'
          ? node.fields && sanitizeFields(node.fields)
          : node.blocks && sanitizeBlocks(node.blocks)
      if (inner !== true) allTrue = false
      if (inner !== undefined) out[key] = inner
      continue
    }
    const p = isOperation(key) ? node[key] : undefined
    if (p === undefined) continue
    if (!p.permission) allTrue = false
    else if (!p.where) out[key] = true
    else {
      allTrue = false
      out[key] = { permission: true, where: p.where }
    }
  }
  if (collapse && allTrue) return true
  return Object.keys(out).length ? out : undefined
}

function sanitizeFields(fields: FieldsPermissions): Sanitized | undefined {
  const out: Record<string, Sanitized> = {}
  let allTrue = true
  for (const [name, field] of Object.entries(fields)) {
    const s = sanitizeNode(field, true)
    if (s !== true) allTrue = false
    if (s !== undefined) out[name] = s
  }
  if (allTrue) return true
  return Object.keys(out).length ? out : undefined
}

function sanitizeBlocks(blocks: Record<string, FieldPermission>): Sanitized | undefined {
  const out: Record<string, Sanitized> = {}
  let allTrue = true
  for (const [slug, block] of Object.entries(blocks)) {
    const s = sanitizeNode(block, false)
    const full =
      s !== undefined &&
      s !== true &&
      Object.entries(block).every(([k]) => k === 'fields' || s[k] === true) &&
      s.fields === true
    if (!full) allTrue = false
    if (s !== undefined) out[slug] = s
  }
  if (allTrue) return true
  return Object.keys(out).length ? out : undefined
}
