import { someField, walkDataAsync } from '../config/fields.ts'
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
 * array rows and block rows. A hook's return value replaces the field's value.
 */
export async function runFieldHooks(
  kind: FieldHookKind,
  fields: FlattenedField[],
  siblingData: Record<string, unknown>,
  args: {
    req: CmsRequest
    data: Record<string, unknown>
    originalDoc?: Record<string, unknown>
    operation: 'create' | 'update' | 'read' | 'delete'
    path?: (string | number)[]
  } & Owner,
): Promise<void> {
  await walkDataAsync(
    fields,
    siblingData,
    {
      async visit(field, holder, path) {
        for (const hook of field.hooks?.[kind] ?? []) {
          if (!(field.name in holder) && kind !== 'beforeValidate' && kind !== 'beforeChange') break
          const result = await hook({
            value: holder[field.name],
            previousValue: args.originalDoc?.[field.name],
            data: args.data,
            siblingData: holder,
            originalDoc: args.originalDoc,
            operation: args.operation,
            req: args.req,
            context: args.req.context,
            field,
            path,
            collection: args.collection,
            global: args.global,
          })
          if (result !== undefined) holder[field.name] = result
        }
      },
    },
    args.path,
  )
}

/** True when any field (at any depth) declares hooks of `kind`: lets the read path skip the walk. */
export function hasFieldHooks(fields: FlattenedField[], kind: FieldHookKind): boolean {
  return someField(fields, (f) => (f.hooks?.[kind]?.length ?? 0) > 0)
}
