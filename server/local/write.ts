import type {
  CmsRequest,
  FlattenedField,
  ID,
  SanitizedCollection,
  SanitizedGlobal,
} from '../config/types.ts'
import type { Executor } from '../db/database.ts'
import { existingIds } from '../db/store.ts'
import { ValidationError, type FieldError } from '../errors/validation-error.ts'
import type { Cms } from './cms.ts'
import { dropDeniedFields } from './access.ts'
import { runFieldHooks, runHooks } from './hooks.ts'
import { fieldLabel } from '../config/fields.ts'
import { applyDefaults } from './fields/defaults.ts'
import { conditionHolds, validateFields, type ValidationContext } from './fields/validate.ts'
import { delocalize, localizeDoc } from './locale.ts'
import { deeperThan } from '../utilities/json-depth.ts'

/** How deep a write's data may nest (the document is level 1). */
const MAX_DATA_DEPTH = 256

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** Update semantics: named groups merge field by field; every other field is replaced as a whole. */
export function mergeForUpdate(
  fields: FlattenedField[],
  original: Record<string, unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...original }
  for (const [key, value] of Object.entries(data)) {
    const field = fields.find((f) => f.name === key)
    const was = original[key]
    if (field?.type === 'group' && !field.localized && isObject(value) && isObject(was)) {
      out[key] = mergeForUpdate(field.fields, was, value)
    } else {
      out[key] = value
    }
  }
  return out
}

/** What a write saves: a collection's document or a global. */
export type WriteOwner =
  | { collection: SanitizedCollection; global?: undefined }
  | { global: SanitizedGlobal; collection?: undefined }

export interface PrepareArgs {
  cms: Cms
  ex: Executor
  fields: FlattenedField[]
  data: unknown
  req: CmsRequest
  operation: 'create' | 'update'
  /** The stored document, on update. */
  original?: Record<string, unknown>
  id?: ID
  owner: WriteOwner
  overrideAccess: boolean
  /** A draft save (`draft: true` on a drafts collection or global): required fields may stay empty. */
  draft: boolean
  /**
   * On create, the document the data is written over (a duplicate's source, in the request's locale): its
   * values fill the fields the data leaves out, after field access has dropped what the caller may not write.
   */
  base?: Record<string, unknown>
}

/**
 * Turns incoming data into the complete, validated document to store: checks it is an object, merges it over
 * the original (update), fills defaults (create), validates every field and checks that related documents exist.
 * Throws one ValidationError listing every failing field; nothing is written before this passes.
 */
export async function prepareData(
  a: PrepareArgs,
): Promise<{ doc: Record<string, unknown>; touched: string[] }> {
  const ownerNames = { collection: a.owner.collection?.slug, global: a.owner.global?.slug }
  if (!isObject(a.data)) {
    throw new ValidationError({
      ...ownerNames,
      errors: [
        { message: 'The request body must be a JSON object of fields.', path: '', label: 'data' },
      ],
    })
  }
  const hooks = a.owner.collection ? a.owner.collection.hooks : a.owner.global.hooks
  // The copy below recurses: a Local call's data nested past any field's need is refused first (REST bodies
  // stop at 64 levels when parsed).
  const deep = deeperThan(a.data, MAX_DATA_DEPTH)
  if (deep)
    throw new ValidationError({
      ...ownerNames,
      errors: [
        {
          message: `This value nests deeper than ${MAX_DATA_DEPTH} levels of objects and lists.`,
          path: deep.join('.'),
          label: deep[0],
        },
      ],
    })
  let incoming = structuredClone(a.data)

  // --- field access: values the caller may not write are dropped
  if (!a.overrideAccess) await dropDeniedFields(a.fields, incoming, a.req, a.operation, a.original)
  if (a.base) incoming = mergeForUpdate(a.fields, structuredClone(a.base), incoming)

  // --- beforeValidate
  // Payload's originalDoc: the stored document on update, the source of a duplicate, `{}` on a plain create.
  const hookArgs = {
    req: a.req,
    originalDoc: a.original ?? (a.base ? structuredClone(a.base) : {}),
    operation: a.operation,
    overrideAccess: a.overrideAccess,
    ...a.owner,
  }
  await runFieldHooks('beforeValidate', a.fields, incoming, { ...hookArgs, data: incoming })
  incoming =
    (await runHooks<Record<string, unknown>>(
      hooks.beforeValidate,
      'data',
      { ...hookArgs, data: incoming },
      a.owner,
    )) ?? incoming
  const touched = new Set(Object.keys(incoming).filter((k) => a.fields.some((f) => f.name === k)))
  let merged =
    a.operation === 'update' ? mergeForUpdate(a.fields, a.original ?? {}, incoming) : incoming
  await applyDefaults(a.fields, merged, a.req, a.operation === 'create')

  // --- beforeChange, in Payload's order: the collection's (or global's) hooks, then the fields' hooks, and what
  // they leave is validated (Payload validates each field right after its own hooks), so a value a hook sets (a
  // generated slug) is checked like one the caller sent.
  const before = JSON.stringify(merged)
  merged =
    (await runHooks<Record<string, unknown>>(
      hooks.beforeChange,
      'data',
      { ...hookArgs, data: merged },
      a.owner,
    )) ?? merged
  await runFieldHooks('beforeChange', a.fields, merged, { ...hookArgs, data: merged })
  if (JSON.stringify(merged) !== before) {
    const was: unknown = JSON.parse(before)
    if (isObject(was))
      for (const f of a.fields)
        if (JSON.stringify(merged[f.name]) !== JSON.stringify(was[f.name])) {
          touched.add(f.name)
          // A value a hook set counts as sent: an update's required-field check reads what was sent.
          if (a.operation === 'update') incoming[f.name] = merged[f.name]
        }
  }
  // --- validation: every error at once (400), references included
  // Keys of no field are refused where the caller sent them; those a hook adds are dropped, as Payload drops them
  // (plugin-cloud-storage's hook sets `prefix` on collections without that field).
  const sent = Object.keys(a.data)
  const checked = await validateData(a, incoming, merged, ownerNames, sent)
  return { doc: checked, touched: [...touched] }
}

/**
 * The validated document of a write: `merged` (the update over its original, or the created data) checked field
 * by field, the keys of no field in `incoming` reported, a custom id checked on create, required fields an update
 * clears reported, references checked to exist. Any error throws them all as one ValidationError.
 */
async function validateData(
  a: PrepareArgs,
  incoming: Record<string, unknown>,
  merged: Record<string, unknown>,
  ownerNames: { collection?: string; global?: string },
  sent: string[],
): Promise<Record<string, unknown>> {
  // Required fields bind every save but a draft save, as in Payload (`skipValidation` with `draft` only): a write
  // with `draft: true` that does not publish may leave them empty; one without it is checked in full, even where
  // `_status` defaults to draft. The contract says it on the `draft` parameter (docs/contracts.md, "Drafts").
  // Moving a document to the trash, or restoring a draft from it, is no save of its content either (Payload skips
  // validation there too): the stored document's empty required fields stay as they are.
  const owner = a.owner.collection ?? a.owner.global
  const savesDraft =
    (a.draft &&
      Boolean(owner?.versions && owner.versions.drafts) &&
      merged._status !== 'published') ||
    movesTrash(a, incoming)

  const ctx: ValidationContext = {
    req: a.req,
    overrideAccess: a.overrideAccess,
    operation: a.operation,
    id: a.id,
    data: merged,
    errors: [],
    references: new Map(),
    draft: savesDraft,
  }
  // Unknown keys are reported for what the caller sent; the stored original may hold columns of removed fields.
  const unknown = Object.keys(incoming).filter(
    (k) =>
      sent.includes(k) &&
      !a.fields.some((f) => f.name === k) &&
      !['id', 'createdAt', 'updatedAt'].includes(k),
  )
  const checked = await validateFields(
    a.fields,
    Object.fromEntries(Object.entries(merged).filter(([k]) => a.fields.some((f) => f.name === k))),
    ctx,
    '',
  )
  for (const k of unknown)
    ctx.errors.push({ message: 'This field does not exist.', path: k, label: k })
  // A custom id (Payload's custom ID field): the client gives it on create, checked as its field; an update
  // never changes it (an `id` in its data is ignored, as any system key).
  const idField = a.owner.collection?.idField
  if (idField && a.operation === 'create') {
    // A default (e.g. a function making the id) fills a missing one, as for any field. (An id field is never
    // a join, the one field without `required`.)
    await applyDefaults([idField], merged, a.req, true)
    const { id } = await validateFields(
      [idField.type === 'join' ? idField : { ...idField, required: true }],
      merged.id === undefined ? {} : { id: merged.id },
      ctx,
      '',
      new Set(),
    )
    if (id !== undefined) checked.id = id
  }
  if (a.operation === 'update') {
    // Required fields the update clears are errors too (validateFields skipped absent values).
    // A localized field without a value in this locale is only an error when the caller cleared it.
    for (const f of a.fields)
      if (
        f.required &&
        !savesDraft &&
        merged[f.name] === undefined &&
        (!f.localized || f.name in incoming) &&
        !ctx.errors.some((e) => e.path === f.name) &&
        conditionHolds(f, ctx, merged, f.name)
      )
        ctx.errors.push({
          message: 'This field is required.',
          path: f.name,
          label: fieldLabel(f),
        })
  }
  await checkReferences(a.cms, a.ex, ctx.references, ctx.errors)
  if (ctx.errors.length) throw new ValidationError({ ...ownerNames, id: a.id, errors: ctx.errors })
  return checked
}

/** An update setting `deletedAt`, or restoring from the trash without publishing (Payload's `update`). */
function movesTrash(a: PrepareArgs, incoming: Record<string, unknown>): boolean {
  if (a.operation !== 'update' || !a.owner.collection?.trash) return false
  return (
    Boolean(incoming.deletedAt) ||
    (Boolean(a.original?.deletedAt) && incoming._status !== 'published')
  )
}

async function checkReferences(
  cms: Cms,
  ex: Executor,
  refs: Map<string, Map<ID, string[]>>,
  errors: FieldError[],
): Promise<void> {
  for (const [slug, byId] of refs) {
    const found = await existingIds(ex, cms.queryContext(), cms.collection(slug), [...byId.keys()])
    for (const [id, paths] of byId) {
      if (found.has(id)) continue
      for (const path of new Set(paths)) {
        errors.push({
          message: `This relationship field has the following invalid relationships: ${id} (${slug})`,
          path,
          label: path,
        })
      }
    }
  }
}

/** A write's data with `_status` set for a draft save (drafts only); anything else passes unchanged. */
export function withDraftStatus(data: unknown, draft: boolean): unknown {
  if (!draft || !isObject(data) || data._status === 'published') return data
  return { ...data, _status: 'draft' }
}

/** The stored form of validated data written in the request's locale, merged over `stored` (see locale.ts). */
export function toStored(
  cms: Cms,
  fields: FlattenedField[],
  doc: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
  req: CmsRequest,
): Record<string, unknown> {
  if (cms.config.localization && req.locale && req.locale !== 'all')
    delocalize(fields, doc, stored, req.locale)
  return doc
}

/** The base an update merges over: `stored` in the request's locale, without fallback (absent where unset). */
export function toEditable(
  cms: Cms,
  fields: FlattenedField[],
  stored: Record<string, unknown>,
  req: CmsRequest,
): Record<string, unknown> {
  const copy = structuredClone(stored)
  if (cms.config.localization && req.locale && req.locale !== 'all')
    localizeDoc(fields, copy, { locale: req.locale, fallbacks: [] }, true)
  return copy
}
