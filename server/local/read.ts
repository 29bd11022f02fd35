import { fillVirtual, someField, walkDataAsync } from '../config/fields.ts'
import type { CmsRequest, FlattenedField, SanitizedCollection } from '../config/types.ts'
import { BadRequest } from '../errors/bad-request.ts'
import type { Cms } from './cms.ts'
import { hasFieldHooks, runFieldHooks, runHooks } from './hooks.ts'
import { asDeclared } from './declared-types.ts'
import { localizeDoc, selectionOf } from './locale.ts'
import { checkJoins, resolveJoins } from './joins.ts'
import { populate } from './populate.ts'
import { applySelect, checkSelect } from './select.ts'
import type { ReadArgs, Select } from '../config/local-api.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** Stored form → the request's locale, in place (nothing to do without localization). */
export function localizeDocs(
  cms: Cms,
  fields: FlattenedField[],
  docs: Record<string, unknown>[],
  req: CmsRequest,
): void {
  const sel = selectionOf(cms.config, req)
  if (sel) for (const doc of docs) localizeDoc(fields, doc, sel)
}

/**
 * `select` and `populate` of a read, checked against the fields (a 400 names what is wrong). A key naming no field
 * selects nothing, as in Payload, whose own plugins select fields a config may lack (plugin-ecommerce's
 * `customerEmail` on carts); REST and GraphQL callers cannot send one, their contracts list the fields.
 */
export function readSelection(
  cms: Cms,
  fields: FlattenedField[],
  args: Pick<ReadArgs, 'select' | 'populate'>,
): { select?: Select; populate?: Map<string, Select> } {
  const select =
    args.select === undefined
      ? undefined
      : checkSelect(fields, args.select, 'select', undefined, [])
  if (args.populate === undefined) return { select }
  if (!isObject(args.populate))
    throw new BadRequest(
      'populate must be an object keyed by collection slug, such as { "categories": { "name": true } }.',
      [{ path: 'populate' }],
    )
  const populate = new Map<string, Select>()
  for (const [slug, s] of Object.entries(args.populate)) {
    const related = cms.config.collectionsBySlug.get(slug)
    if (!related)
      throw new BadRequest(`populate: "${slug}" is not a collection.`, [
        { path: `populate.${slug}` },
      ])
    populate.set(slug, checkSelect(related.flatFields, s, `populate.${slug}`, undefined, []))
  }
  return { select, populate }
}

/**
 * Removes hidden fields and fields the caller may not read, at every depth: groups, array rows and block rows
 * (each locale's value of a localized one read with `locale: 'all'`). Field access gets the whole document as
 * `doc` and the object holding the field as `siblingData`.
 */
export async function stripUnreadable(
  fields: FlattenedField[],
  doc: Record<string, unknown>,
  req: CmsRequest,
  overrideAccess: boolean,
  showHidden: boolean,
): Promise<void> {
  await walkDataAsync(fields, doc, {
    async visit(f, siblingData) {
      if (!(f.name in siblingData)) return false
      if (
        (f.hidden && !showHidden) ||
        (!overrideAccess && f.access?.read && !(await f.access.read({ req, doc, siblingData })))
      ) {
        delete siblingData[f.name]
        return false
      }
    },
    values: (f, value) => readValues(f, value, req),
  })
}

/** A field's value as read: one, or one per locale for a localized field read with `locale: 'all'`. */
export const readValues = (field: FlattenedField, value: unknown, req: CmsRequest): unknown[] =>
  field.localized && req.locale === 'all' && isObject(value) ? Object.values(value) : [value]

/** The output phase of one collection's documents: secrets and unreadable fields removed, afterRead hooks run. */
async function prepareForOutput(
  collection: SanitizedCollection,
  docs: Record<string, unknown>[],
  req: CmsRequest,
  overrideAccess: boolean,
  showHidden: boolean,
  findMany: boolean,
): Promise<void> {
  const { fieldHooks, virtual, guarded } = readFacts(collection.flatFields)
  const hooks = collection.hooks.afterRead
  for (const [i, doc] of docs.entries()) {
    if (virtual) fillVirtual(collection.flatFields, doc)
    if (guarded) await stripUnreadable(collection.flatFields, doc, req, overrideAccess, showHidden)
    if (collection.auth) doc.collection = collection.slug
    if (fieldHooks)
      await runFieldHooks('afterRead', collection.flatFields, doc, {
        req,
        data: doc,
        operation: 'read',
        overrideAccess,
        findMany,
        collection,
      })
    if (!hooks?.length) continue
    const out = await runHooks<Record<string, unknown>>(
      hooks,
      'doc',
      { doc, req, findMany, overrideAccess },
      { collection },
    )
    // A document hook may write what its fields do not declare (a number into a text field): answered as declared.
    asDeclared(collection.flatFields, out)
    if (out !== doc) docs[i] = out
  }
}

/** What the output phase has to do for a field tree, worked out once per tree (sanitised fields do not change). */
interface ReadFacts {
  /** Some field, at any depth, has afterRead hooks. */
  fieldHooks: boolean
  /** Some field is virtual (filled with null before access and hooks see the document). */
  virtual: boolean
  /** Some field is hidden or has read access: without one, removing unreadable fields has nothing to remove. */
  guarded: boolean
}
const facts = new WeakMap<FlattenedField[], ReadFacts>()
export function readFacts(fields: FlattenedField[]): ReadFacts {
  let f = facts.get(fields)
  if (!f) {
    f = {
      fieldHooks: hasFieldHooks(fields, 'afterRead'),
      virtual: someField(fields, (x) => Boolean(x.virtual)),
      guarded: someField(fields, (x) => Boolean(x.hidden || x.access?.read)),
    }
    facts.set(fields, f)
  }
  return f
}

/**
 * How population prepares the related documents it fetched: join fields (with their defaults), the request's
 * locale, beforeRead hooks, then hidden and unreadable fields removed and afterRead hooks.
 */
export const preparePopulated =
  (cms: Cms, req: CmsRequest, overrideAccess: boolean) =>
  async (related: SanitizedCollection, found: Record<string, unknown>[]): Promise<void> => {
    await resolveJoins(cms, related, found, req, undefined, overrideAccess)
    localizeDocs(cms, related.flatFields, found, req)
    if (related.hooks.beforeRead?.length)
      for (const [i, d] of found.entries())
        found[i] = await runHooks(
          related.hooks.beforeRead,
          'doc',
          { doc: d, req, overrideAccess },
          { collection: related },
        )
    await prepareForOutput(related, found, req, overrideAccess, false, true)
  }

/**
 * The read phase every operation returning documents goes through: stored form → the request's locale
 * (unless `localized` says the documents already are), join fields (one statement per join field), beforeRead hooks, relation population
 * to `depth` (batched per level), then hidden/unreadable fields removed and afterRead hooks, for the
 * documents and every populated one; last, `select` (and `populate` on related documents).
 */
export async function readDocs(
  cms: Cms,
  collection: SanitizedCollection,
  docs: Record<string, unknown>[],
  req: CmsRequest,
  args: ReadArgs & {
    depth: number
    findMany?: boolean
    localized?: boolean
    trash?: unknown
    /** Versions: a version records what was stored, so its relations populate trashed documents too. */
    history?: boolean
  },
): Promise<Record<string, unknown>[]> {
  const overrideAccess = args.overrideAccess ?? true
  const showHidden = Boolean(args.showHiddenFields)
  const { select, populate: populateSelects } = readSelection(cms, collection.flatFields, args)
  const joins = checkJoins(cms, collection, args.joins)
  if (!args.localized) localizeDocs(cms, collection.flatFields, docs, req)
  await resolveJoins(cms, collection, docs, req, joins, overrideAccess, args.trash)
  if (collection.hooks.beforeRead?.length)
    for (const [i, doc] of docs.entries()) {
      docs[i] = await runHooks(
        collection.hooks.beforeRead,
        'doc',
        { doc, req, overrideAccess },
        { collection },
      )
    }
  if (args.depth > 0) {
    await populate(cms, collection, docs, req, {
      depth: args.depth,
      overrideAccess,
      trash: args.trash === true || args.history === true,
      prepare: preparePopulated(cms, req, overrideAccess),
      select: populateSelects,
    })
  }
  await prepareForOutput(collection, docs, req, overrideAccess, showHidden, Boolean(args.findMany))
  if (select) for (const doc of docs) applySelect(collection.flatFields, doc, select)
  return docs
}
