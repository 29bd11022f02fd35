import { someField, walkDataAsync } from '../config/fields.ts'
import { asDeclared } from './declared-types.ts'
import type {
  CmsRequest,
  CollectionHook,
  FlattenedField,
  SanitizedCollection,
  SanitizedGlobal,
} from '../config/types.ts'

type Owner = { collection?: SanitizedCollection; global?: SanitizedGlobal }

/**
 * Runs a list of collection (or global) hooks in order. A hook that returns something other than
 * `undefined` replaces `key` of the arguments for the next hook, and the final value is returned.
 */
export async function runHooks<T>(
  hooks: CollectionHook[] | undefined,
  key: string,
  args: Record<string, unknown> & { req: CmsRequest },
  owner: Owner,
): Promise<T> {
  let value = args[key] as T
  for (const hook of hooks ?? []) {
    const result = await hook({
      ...args,
      ...owner,
      context: args.req.context,
      [key]: value,
    } as Parameters<CollectionHook>[0])
    if (result !== undefined) value = result as T
  }
  return value
}

export type FieldHookKind = 'beforeValidate' | 'beforeChange' | 'afterChange' | 'afterRead'

/**
 * Runs field hooks of `kind` over `siblingData` (a document or a group inside it), recursing into groups,
 * array rows and block rows. A hook's return value replaces the field's value. The arguments are Payload 3's
 * (`fields/hooks/<kind>/promise.ts`): `originalDoc` is the stored document before the write (`{}` on a create)
 * for beforeValidate and beforeChange, and the document walked for afterChange and afterRead;
 * `previousSiblingDoc` and `previousValue` come from the document before the write at the field's place
 * (afterChange: `previousDoc`, `{}` after a create); `path` holds row indexes, `schemaPath` the names only,
 * `indexPath` the indexes only.
 */
export async function runFieldHooks(
  kind: FieldHookKind,
  fields: FlattenedField[],
  siblingData: Record<string, unknown>,
  args: {
    req: CmsRequest
    data: Record<string, unknown>
    originalDoc?: Record<string, unknown>
    /** afterChange: the document before the write (`{}` after a create). */
    previousDoc?: Record<string, unknown>
    operation: 'create' | 'update' | 'read' | 'delete'
    overrideAccess?: boolean
    findMany?: boolean
    path?: (string | number)[]
  } & Owner,
): Promise<void> {
  const walked = kind === 'afterChange' || kind === 'afterRead'
  const originalDoc = walked ? siblingData : (args.originalDoc ?? {})
  const before =
    kind === 'afterChange'
      ? (args.previousDoc ?? {})
      : kind === 'afterRead'
        ? undefined
        : originalDoc
  await walkDataAsync(
    fields,
    siblingData,
    {
      async visit(field, holder, path) {
        for (const hook of field.hooks?.[kind] ?? []) {
          if (!(field.name in holder) && kind !== 'beforeValidate' && kind !== 'beforeChange') break
          const previousSiblingDoc = before && recordAt(before, path.slice(0, -1))
          const result = await hook({
            value: holder[field.name],
            previousValue: previousSiblingDoc?.[field.name],
            ...(previousSiblingDoc ? { previousSiblingDoc } : {}),
            ...(kind === 'afterChange' ? { previousDoc: before } : {}),
            data: args.data,
            siblingData: holder,
            originalDoc,
            operation: args.operation,
            ...(args.overrideAccess === undefined ? {} : { overrideAccess: args.overrideAccess }),
            ...(args.findMany === undefined ? {} : { findMany: args.findMany }),
            req: args.req,
            context: args.req.context,
            field,
            path,
            schemaPath: path.filter((p) => typeof p === 'string'),
            indexPath: path.filter((p) => typeof p === 'number'),
            collection: args.collection,
            global: args.global,
          })
          if (result !== undefined) holder[field.name] = result
          if (result !== undefined && kind === 'afterRead') asDeclared([field], holder)
        }
      },
    },
    args.path,
  )
}

/** The object at `path` inside `doc` (row indexes included), or `{}` where there is none (Payload's fallback). */
function recordAt(
  doc: Record<string, unknown>,
  path: (string | number)[],
): Record<string, unknown> {
  let at: unknown = doc
  for (const key of path) {
    if (at === null || typeof at !== 'object') return {}
    at = (at as Record<string | number, unknown>)[key]
  }
  return at !== null && typeof at === 'object' && !Array.isArray(at)
    ? (at as Record<string, unknown>)
    : {}
}

/** True when any field (at any depth) declares hooks of `kind`: lets the read path skip the walk. */
export function hasFieldHooks(fields: FlattenedField[], kind: FieldHookKind): boolean {
  return someField(fields, (f) => (f.hooks?.[kind]?.length ?? 0) > 0)
}
