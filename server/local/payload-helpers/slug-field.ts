/**
 * Payload 3's `slugField()` (exported by `payload`): a row of a hidden `generateSlug` checkbox and a unique, indexed
 * `slug` text field, the slug generated from another field (`title`) by the checkbox's beforeChange hook:
 *
 * - on create, from the slug sent, else from that field;
 * - on update, while the checkbox is set: without autosave, from that field every time; with autosave, while the
 *   caller has not changed the slug and the document is unpublished; the checkbox clears itself once the slug is
 *   the caller's own, on publish, or after the document's second version.
 */
import type { Field, FieldHook, RowField } from '../../config/types.ts'
import { hasAutosaveEnabled, slugify as defaultSlugify } from './shared.ts'

export type Slugify = (args: {
  valueToSlugify?: unknown
  data?: Record<string, unknown>
  req: unknown
}) => string | undefined | Promise<string | undefined>

export interface SlugFieldArgs {
  name?: string
  checkboxName?: string
  disableUnique?: boolean
  /** The field the slug is made from (Payload's older name of `useAsSlug`). */
  fieldToUse?: string
  useAsSlug?: string
  localized?: boolean
  overrides?: (field: RowField) => Field
  position?: 'sidebar' | 'main'
  required?: boolean
  slugify?: Slugify
}

async function slugOf(
  custom: Slugify | undefined,
  value: unknown,
  data: Record<string, unknown>,
  req: unknown,
): Promise<unknown> {
  if (custom) return custom({ data, req, valueToSlugify: value })
  return typeof value === 'string' ? defaultSlugify(value) : value
}

function generateSlug(slugName: string, useAsSlug: string, custom?: Slugify): FieldHook {
  return async ({ collection, data, global, operation, originalDoc, req, value: checked }) => {
    if (operation === 'create') {
      if (data) data[slugName] = await slugOf(custom, data[slugName] || data[useAsSlug], data, req)
      return !data?.[slugName]
    }
    if (operation !== 'update' || !checked) return false
    if (!hasAutosaveEnabled(collection ?? global)) {
      if (data) data[slugName] = await slugOf(custom, data[useAsSlug], data, req)
      return !data?.[slugName]
    }
    const publishing = data?._status === 'published'
    const ownSlug = data?.[slugName] !== originalDoc?.[slugName]
    if (!ownSlug && data)
      data[slugName] = data[useAsSlug] ? await slugOf(custom, data[useAsSlug], data, req) : null
    if (publishing || ownSlug) return false
    const where = { parent: { equals: originalDoc?.id } }
    const count = collection
      ? await req.payload.countVersions({ collection: collection.slug, where, req })
      : global
        ? await req.payload.countGlobalVersions({ global: global.slug, where, req })
        : { totalDocs: 0 }
    return count.totalDocs <= 2
  }
}

export function slugField({
  name = 'slug',
  checkboxName = 'generateSlug',
  disableUnique = false,
  fieldToUse,
  useAsSlug: given = 'title',
  localized,
  overrides,
  position = 'sidebar',
  required = true,
  slugify,
}: SlugFieldArgs = {}): Field {
  const useAsSlug = fieldToUse || given
  const row: RowField = {
    type: 'row',
    admin: { position },
    fields: [
      {
        name: checkboxName,
        type: 'checkbox',
        admin: {
          description:
            'When enabled, the slug will auto-generate from the title field on save and autosave.',
          disableBulkEdit: true,
          disableGroupBy: true,
          disableListColumn: true,
          disableListFilter: true,
          hidden: true,
        },
        defaultValue: true,
        hooks: { beforeChange: [generateSlug(name, useAsSlug, slugify)] },
        localized,
      },
      {
        name,
        type: 'text',
        admin: {
          components: {
            Field: { clientProps: { useAsSlug }, path: '@payloadcms/next/client#SlugField' },
          },
          width: '100%',
        },
        custom: { slugify },
        index: true,
        localized,
        required,
        unique: !disableUnique,
      },
    ],
  } as RowField
  return overrides ? overrides(row) : row
}
