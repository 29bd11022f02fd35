/**
 * The formState kind: which conditional fields apply to a form's data. Payload's admin runs `admin.condition` in
 * the browser; here the functions stay on the server (the contract cannot carry them), so a form asks the server
 * for their answers as its values change. Nothing is validated or stored.
 */
import { isRecord } from '../../utilities/is-record.ts'
import type { Access, FlattenedField } from '../../config/types.ts'
import type { CollectionSlug, FormStateArgs, GlobalSlug } from '../../config/local-api.ts'
import { nestedData } from '../../config/fields.ts'
import { ValidationError } from '../../errors/validation-error.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import type { Cms } from '../cms.ts'
import { accessResult } from '../access.ts'
import { createLocalReq } from '../request.ts'
import { livePreviewOf, previewURL } from '../../config/live-preview.ts'

/**
 * The answer: every conditional field present in the data, by dotted path, to whether its condition holds; with a
 * live preview whose URL is a function, its URL for the data (not on a create, as Payload's form state).
 */
export interface FormState {
  conditions: Record<string, boolean>
  livePreviewURL?: string
}

/**
 * The conditions of a collection's form (`operation` 'create', or 'update' of document `id`) or of a global's
 * (`slug`). A logged-in caller only, with the operation's access (a Where counts as access: no document is read).
 */
export async function formState(
  this: Cms,
  args: FormStateArgs<CollectionSlug, GlobalSlug>,
): Promise<FormState> {
  const req = createLocalReq(this, args)
  // A collection's form creates or updates; a global's only ever updates.
  const target =
    args.collection !== undefined
      ? { entity: this.collection(args.collection), owner: { collection: args.collection } }
      : { entity: this.global(args.slug!), owner: { global: args.slug! } }
  const { entity, owner } = target
  const operation = args.collection !== undefined ? (args.operation ?? 'update') : 'update'
  if (!isRecord(args.data))
    throw new ValidationError({
      ...owner,
      errors: [{ message: 'data must be a JSON object of fields.', path: 'data', label: 'data' }],
    })
  // As every Local operation: access applies with `overrideAccess: false` (REST and the SDK pass it).
  if (args.overrideAccess === false) {
    if (!req.user) throw new Unauthorized()
    const access = entity.access as { create?: Access; update?: Access }
    const fn = operation === 'create' ? access.create : access.update
    const allowed = await accessResult(fn, { req, id: args.id, data: args.data }, false)
    if (allowed === false) throw new Forbidden()
  }
  const conditions: Record<string, boolean> = {}
  const visit = (
    fields: FlattenedField[],
    sibling: Record<string, unknown>,
    at: (string | number)[],
    blockData: Record<string, unknown> | undefined,
  ) => {
    for (const field of fields) {
      const path = [...at, field.name]
      const condition = field.admin?.condition
      if (typeof condition === 'function')
        conditions[path.join('.')] = Boolean(
          condition(args.data, sibling, { blockData, operation, path, user: req.user }),
        )
      const value = sibling[field.name]
      for (const nested of nestedData(field, value))
        visit(
          nested.fields,
          nested.data,
          nested.index === undefined ? path : [...path, nested.index],
          field.type === 'blocks' ? nested.data : blockData,
        )
    }
  }
  visit(entity.flatFields, args.data, [], undefined)
  const kind = args.collection !== undefined ? 'collection' : 'global'
  const preview = livePreviewOf(this.config, kind, entity.slug)
  if (typeof preview?.url !== 'function' || operation === 'create') return { conditions }
  const livePreviewURL = await previewURL(preview, {
    data: args.data,
    ...(kind === 'collection' ? { collectionConfig: entity } : { globalConfig: entity }),
    req,
  })
  return livePreviewURL ? { conditions, livePreviewURL } : { conditions }
}
