import { fieldLabel } from '../../config/fields.ts'
import type { StaticText } from '../../config/admin.ts'
import type { CmsRequest, FlattenedField, ID } from '../../config/types.ts'
import type { FieldError } from '../../errors/validation-error.ts'
import { fieldType } from '../../fields/registry.ts'
import type { ValidateKit } from '../../fields/types.ts'
import { holdsObject, takesLocaleMap } from '../locale.ts'
import { applyDefaults } from './defaults.ts'

const SYSTEM_KEYS = new Set(['id', 'createdAt', 'updatedAt'])

export interface ValidationContext {
  req: CmsRequest
  /** The write skips access control: custom validators are told (`overrideAccess`). */
  overrideAccess: boolean
  operation: 'create' | 'update'
  id?: ID
  /** The whole document being written (for custom validators). */
  data: Record<string, unknown>
  errors: FieldError[]
  /** A draft save: required fields may stay empty (types are still checked). */
  draft?: boolean
  /** Relationship ids to check for existence, by collection. */
  references: Map<string, Map<ID, string[]>>
  /** Inside a field whose `admin.condition` is false: nothing is required and `validate` is not run. */
  conditionFalse?: boolean
  /** The row of the nearest block (Payload's `blockData` of a condition). */
  blockData?: Record<string, unknown>
  /** Rows of array and blocks fields met so far in this document, every level counted (limits.rows). */
  rows?: { count: number; over: boolean }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

function push(
  ctx: ValidationContext,
  path: string,
  field: { name: string; label?: StaticText | false } | undefined,
  message: string,
): void {
  ctx.errors.push({ message, path, label: field ? fieldLabel(field) : path })
}

/**
 * Checks `data` against `fields` and returns it normalised (dates as ISO strings, relations as ids).
 * Every failing field is recorded in `ctx.errors` with its dotted path; nothing throws here.
 */
export async function validateFields(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  ctx: ValidationContext,
  pathPrefix: string,
  siblingExtra: Set<string> = SYSTEM_KEYS,
): Promise<Record<string, unknown>> {
  // One counter per document: nested calls get copies of this context that share it.
  ctx.rows ??= { count: 0, over: false }
  const out: Record<string, unknown> = {}
  const known = new Set(fields.map((f) => f.name))
  for (const key of Object.keys(data)) {
    if (!known.has(key) && !siblingExtra.has(key))
      push(ctx, pathPrefix + key, undefined, 'This field does not exist.')
  }
  for (const field of fields) {
    // A join field is computed on read: a value sent for it is ignored, as Payload does.
    if (fieldType(field).computed) continue
    // A virtual field is never stored: what a write sends for it is ignored (as Payload does).
    if (field.virtual) continue
    const path = pathPrefix + field.name
    const value = data[field.name]
    const c = underCondition(field, ctx, data, path)
    if (value === undefined) {
      if (field.required && ctx.operation === 'create' && !c.draft && !c.conditionFalse)
        push(ctx, path, field, 'This field is required.')
      continue
    }
    const normalised = await validateValue(field, value, c, path, data)
    if (normalised !== undefined) out[field.name] = normalised
  }
  return out
}

/**
 * The context of one field: Payload's `admin.condition` gets the whole data, the siblings and `{ blockData,
 * operation, path, user }`; when it is false the field and everything inside it are not required and their
 * `validate` is not run. Types are still checked, as the value is still stored.
 */
function underCondition(
  field: FlattenedField,
  ctx: ValidationContext,
  sibling: Record<string, unknown>,
  path: string,
): ValidationContext {
  if (ctx.conditionFalse || conditionHolds(field, ctx, sibling, path)) return ctx
  return { ...ctx, conditionFalse: true }
}

/** Whether a field's `admin.condition` (if any) holds for the data being written. */
export function conditionHolds(
  field: FlattenedField,
  ctx: ValidationContext,
  sibling: Record<string, unknown>,
  path: string,
): boolean {
  const condition = field.admin?.condition
  if (typeof condition !== 'function') return true
  return Boolean(
    condition(ctx.data, sibling, {
      blockData: ctx.blockData,
      operation: ctx.operation,
      path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      user: ctx.req.user,
    }),
  )
}

/**
 * Whether the rows of an array or blocks value go past `limits.rows` (issue 54, finding 4): more than
 * `maxPerField` in this field, or more than `maxPerDocument` in the document so far, every level counted. The
 * error names the limit; the rows are not validated, so an oversized body costs a count, not a validation.
 */
function rowsOverLimit(
  field: FlattenedField,
  value: unknown,
  ctx: ValidationContext,
  path: string,
): boolean {
  if ((field.type !== 'array' && field.type !== 'blocks') || !Array.isArray(value)) return false
  const { maxPerField, maxPerDocument } = ctx.req.cms.config.limits.rows
  if (value.length > maxPerField) {
    push(
      ctx,
      path,
      field,
      `This field holds ${value.length} rows, more than the ${maxPerField} allowed (limits.rows.maxPerField).`,
    )
    return true
  }
  const rows = (ctx.rows ??= { count: 0, over: false })
  rows.count += value.length
  if (rows.count <= maxPerDocument) return false
  if (!rows.over)
    push(
      ctx,
      path,
      field,
      `The document holds more than the ${maxPerDocument} rows allowed, every level counted (limits.rows.maxPerDocument).`,
    )
  rows.over = true
  return true
}

/**
 * Checks the value of `field` at `path` (its siblings in `sibling`): the normalised value, or undefined when an
 * error was pushed onto `ctx`.
 */
type ValidateValue = (
  field: FlattenedField,
  value: unknown,
  ctx: ValidationContext,
  path: string,
  sibling: Record<string, unknown>,
) => Promise<unknown>

const validateValue: ValidateValue = async (field, value, ctx, path, sibling) => {
  if (field.localized && (ctx.req.locale === 'all' || takesLocaleMap(field, value)))
    return validateLocalized(field, value, ctx, path, sibling)
  if (field.required && isEmpty(value) && !ctx.draft && !ctx.conditionFalse) {
    push(ctx, path, field, 'This field is required.')
    return undefined
  }
  if (rowsOverLimit(field, value, ctx, path)) return undefined
  let result: unknown = value
  if (value !== null) {
    const checked = await fieldType(field).validate(
      field,
      value,
      validateKit(ctx, field, path, sibling),
    )
    if (typeof checked === 'string') {
      push(ctx, path, field, checked)
      return undefined
    }
    result = checked.value
  }
  if (field.validate && !ctx.conditionFalse) {
    const r = await field.validate(result, {
      data: ctx.data,
      siblingData: sibling,
      operation: ctx.operation,
      id: ctx.id,
      req: ctx.req,
      overrideAccess: ctx.overrideAccess,
    })
    if (r !== true) {
      push(ctx, path, field, typeof r === 'string' ? r : 'This field is invalid.')
      return undefined
    }
  }
  return result
}

/**
 * With `locale: 'all'` a localized field holds `{ [locale]: value }`: each present locale is checked as the plain
 * field, and a required field needs a value in the default locale.
 */
const validateLocalized: ValidateValue = async (field, value, ctx, path, sibling) => {
  const localization = ctx.req.cms.config.localization
  if (!localization) return value
  // A write in one locale merges the map over the stored locales (locale.ts delocalize); `all` replaces them.
  const merging = ctx.req.locale !== 'all'
  // With `all`, a value that is no map is the default locale's (where the field's own value is no object).
  if (!merging && !isObject(value) && !holdsObject(field))
    value = { [localization.defaultLocale]: value }
  if (!isObject(value)) {
    push(ctx, path, field, 'A localized field holds an object keyed by locale.')
    return undefined
  }
  // A join field holds nothing and is never localized, so has no locales to check.
  const plain: FlattenedField =
    field.type === 'join' ? field : { ...field, localized: false, required: false }
  const { defaultLocale } = localization
  if (
    field.required &&
    !ctx.draft &&
    !ctx.conditionFalse &&
    (!merging || ctx.operation === 'create' || defaultLocale in value) &&
    isEmpty(value[defaultLocale])
  )
    push(ctx, `${path}.${defaultLocale}`, field, 'This field is required.')
  const out: Record<string, unknown> = {}
  for (const [locale, v] of Object.entries(value)) {
    if (!localization.localeCodes.includes(locale)) {
      push(ctx, `${path}.${locale}`, field, `Unknown locale "${locale}".`)
      continue
    }
    if (v === undefined) continue
    const r = await validateValue(plain, v, ctx, path, sibling)
    if (r !== undefined) out[locale] = r
  }
  return out
}

/** What a field module's validation may call back: nested fields, errors, the references to check. */
function validateKit(
  ctx: ValidationContext,
  field: FlattenedField,
  path: string,
  sibling: Record<string, unknown>,
): ValidateKit {
  return {
    path,
    req: ctx.req,
    id: ctx.id,
    data: ctx.data,
    sibling,
    fields: (fields, data, prefix, allowed, whole) =>
      validateFields(
        fields,
        data,
        {
          ...ctx,
          ...(field.type === 'blocks' ? { blockData: data } : {}),
          ...(whole ? { operation: 'create', draft: false } : {}),
        },
        prefix,
        allowed,
      ),
    defaults: (fields, data) => applyDefaults(fields, data, ctx.req, true),
    push: (at, message) => push(ctx, at, field, message),
    reference(slug, id, at) {
      let byId = ctx.references.get(slug)
      if (!byId) ctx.references.set(slug, (byId = new Map()))
      byId.set(id, [...(byId.get(id) ?? []), at])
    },
    unreference(slug, id, at) {
      const byId = ctx.references.get(slug)
      const paths = byId?.get(id)
      if (!byId || !paths) return
      paths.splice(paths.indexOf(at), 1)
      if (paths.length === 0) byId.delete(id)
    },
  }
}
