import type { CmsRequest, FlattenedField } from '../config/types.ts'
import type { Cms } from './cms.ts'
import { populateFields } from './populate.ts'
import { preparePopulated } from './read.ts'
import { createLocalReq } from './request.ts'

/** Rich-text values of one field populated apart from their documents (GraphQL's `depth` argument). */
export interface RichTextPopulation {
  field: FlattenedField
  values: unknown[]
  /** Levels to populate: default the config's defaultDepth, bounded by its maxDepth (as Payload's GraphQL). */
  depth?: number
  locale?: string
  fallbackLocale?: string
  /** Populate trashed documents too (the root field read the trash). */
  trash?: boolean
}

/** The field as it holds one value (a localized field's value is already the locale's here). */
const holders = new WeakMap<FlattenedField, FlattenedField[]>()
function holderFields(field: FlattenedField): FlattenedField[] {
  let fields = holders.get(field)
  if (!fields) holders.set(field, (fields = [{ ...field, localized: false } as FlattenedField]))
  return fields
}

/**
 * Populates many values of one rich-text field together, under the caller's access: one statement per related
 * collection per level for all of them, as a read populates its documents. The values are copied, not changed.
 */
export async function populateRichTexts(
  cms: Cms,
  req: CmsRequest,
  args: RichTextPopulation,
): Promise<unknown[]> {
  const depth = Math.max(0, Math.min(args.depth ?? cms.config.defaultDepth, cms.config.maxDepth))
  if (depth === 0 || args.values.length === 0) return args.values
  // A copy of the request (same user, budget and transaction) read in the caller's locale.
  const local = createLocalReq(cms, {
    req: { ...req },
    locale: args.locale,
    fallbackLocale: args.fallbackLocale,
    overrideAccess: false,
  })
  const name = args.field.name
  const docs = args.values.map((v) => ({ [name]: structuredClone(v) }))
  await populateFields(cms, holderFields(args.field), docs, local, {
    depth,
    overrideAccess: false,
    trash: args.trash,
    prepare: preparePopulated(cms, local, false),
  })
  return docs.map((d) => d[name])
}
