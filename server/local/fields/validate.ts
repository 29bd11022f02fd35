import { relationKindOf, validId } from '../../config/ids.ts'
import { fieldLabel, isIndexed, isUnique, optionValue } from '../../config/fields.ts'
import type { CmsRequest, FlattenedField, ID } from '../../config/types.ts'
import type { FieldError } from '../../errors/validation-error.ts'
import type { CollectionSlug } from '../../config/local-api.ts'
import { jsonSchemaProblem } from './json-schema.ts'
import { holdsObject, takesLocaleMap } from '../locale.ts'

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DEFAULT_MAX_TEXT = 40_000
const INDEXED_MAX_TEXT = 255
const SYSTEM_KEYS = new Set(['id', 'createdAt', 'updatedAt'])

export interface ValidationContext {
  req: CmsRequest
  operation: 'create' | 'update'
  id?: ID
  /** The whole document being written (for custom validators). */
  data: Record<string, unknown>
  errors: FieldError[]
  /** A draft save: required fields may stay empty (types are still checked). */
  draft?: boolean
  /** Relationship ids to check for existence, by collection. */
  references: Map<string, Map<ID, string[]>>
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

function push(
  ctx: ValidationContext,
  path: string,
  field: { name: string; label?: string } | undefined,
  message: string,
): void {
  ctx.errors.push({ message, path, label: field ? fieldLabel(field) : path })
}

function reference(
  ctx: ValidationContext,
  field: FlattenedField & { type: 'relationship' },
  collection: string,
  raw: unknown,
  path: string,
): ID | undefined {
  const id = validId(relationKindOf(field, collection), raw)
  if (id === undefined) return undefined
  let byId = ctx.references.get(collection)
  if (!byId) ctx.references.set(collection, (byId = new Map()))
  byId.set(id, [...(byId.get(id) ?? []), path])
  return id
}

/** A relation value as stored: an id (a populated document counts by its id). */
function relationId(v: unknown): unknown {
  if (isObject(v) && 'id' in v) return v.id
  return v
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
  const out: Record<string, unknown> = {}
  const known = new Set(fields.map((f) => f.name))
  for (const key of Object.keys(data)) {
    if (!known.has(key) && !siblingExtra.has(key))
      push(ctx, pathPrefix + key, undefined, 'This field does not exist.')
  }
  for (const field of fields) {
    // A join field is computed on read: a value sent for it is ignored, as Payload does.
    if (field.type === 'join') continue
    // A virtual field is never stored: what a write sends for it is ignored (as Payload does).
    if (field.virtual) continue
    const path = pathPrefix + field.name
    const value = data[field.name]
    if (value === undefined) {
      if (field.required && ctx.operation === 'create' && !ctx.draft)
        push(ctx, path, field, 'This field is required.')
      continue
    }
    const normalised = await validateValue(field, value, ctx, path, data)
    if (normalised !== undefined) out[field.name] = normalised
  }
  return out
}

async function validateValue(
  field: FlattenedField,
  value: unknown,
  ctx: ValidationContext,
  path: string,
  sibling: Record<string, unknown>,
): Promise<unknown> {
  if (field.localized && (ctx.req.locale === 'all' || takesLocaleMap(field, value)))
    return validateLocalized(field, value, ctx, path, sibling)
  if (field.required && isEmpty(value) && !ctx.draft) {
    push(ctx, path, field, 'This field is required.')
    return undefined
  }
  let result: unknown = value
  if (value !== null) {
    const err = await checkType(field, value, ctx, path)
    if (typeof err === 'string') {
      push(ctx, path, field, err)
      return undefined
    }
    result = err.value
    if (field.type === 'relationship' && field.filterOptions) {
      const e = await checkFilterOptions(field, result, ctx, path, sibling)
      if (e) {
        push(ctx, path, field, e)
        return undefined
      }
    }
  }
  if (field.validate) {
    const r = await field.validate(result, {
      data: ctx.data,
      siblingData: sibling,
      operation: ctx.operation,
      id: ctx.id,
      req: ctx.req,
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
async function validateLocalized(
  field: FlattenedField,
  value: unknown,
  ctx: ValidationContext,
  path: string,
  sibling: Record<string, unknown>,
): Promise<unknown> {
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
  const plain = { ...field, localized: false, required: false } as FlattenedField
  const { defaultLocale } = localization
  if (
    field.required &&
    !ctx.draft &&
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

type Checked = string | { value: unknown }
const ok = (value: unknown): Checked => ({ value })

function checkLength(
  field: FlattenedField & { minLength?: number; maxLength?: number },
  v: string,
): string | undefined {
  const max =
    field.maxLength ?? (isUnique(field) || isIndexed(field) ? INDEXED_MAX_TEXT : DEFAULT_MAX_TEXT)
  if (field.minLength !== undefined && v.length < field.minLength)
    return `This value must be longer than the minimum length of ${field.minLength} characters.`
  if (v.length > max) return `This value must be shorter than the max length of ${max} characters.`
  return undefined
}

function checkRows(
  field: { minRows?: number; maxRows?: number; name: string; label?: string },
  n: number,
): string | undefined {
  if (field.minRows !== undefined && n < field.minRows)
    return `This field requires at least ${field.minRows} row(s).`
  if (field.maxRows !== undefined && n > field.maxRows)
    return `This field requires no more than ${field.maxRows} row(s).`
  return undefined
}

/**
 * `minRows`/`maxRows` of a hasMany text, number or select field (Payload's wording). An empty list is checked by
 * `required` only, as Payload does.
 */
function checkManyRows(
  field: { minRows?: number; maxRows?: number; name: string; label?: string },
  n: number,
): string | undefined {
  if (n === 0) return undefined
  if (field.minRows !== undefined && n < field.minRows)
    return `${n} is less than the min allowed rows of ${field.minRows}.`
  if (field.maxRows !== undefined && n > field.maxRows)
    return `${n} is greater than the max allowed rows of ${field.maxRows}.`
  return undefined
}

async function checkType(
  field: FlattenedField,
  value: unknown,
  ctx: ValidationContext,
  path: string,
): Promise<Checked> {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code': {
      if (field.type === 'text' && field.hasMany) {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
          return 'This field must be a list of strings.'
        const rows = checkManyRows(field, value.length)
        if (rows) return rows
        for (const v of value) {
          const e = checkLength(field, v)
          if (e) return e
        }
        return ok(value)
      }
      if (typeof value !== 'string') return 'This field must be a string.'
      return checkLength(field, value) ?? ok(value)
    }
    case 'email':
      if (typeof value !== 'string' || !EMAIL_RE.test(value) || value.length > 254)
        return 'Please enter a valid email address.'
      return ok(value)
    case 'number': {
      const one = (n: unknown): string | undefined => {
        if (typeof n !== 'number' || !Number.isFinite(n)) return 'This field must be a number.'
        if (field.min !== undefined && n < field.min)
          return `${n} is less than the min allowed ${fieldLabel(field)} of ${field.min}.`
        if (field.max !== undefined && n > field.max)
          return `${n} is greater than the max allowed ${fieldLabel(field)} of ${field.max}.`
        return undefined
      }
      if (field.hasMany) {
        if (!Array.isArray(value)) return 'This field must be a list of numbers.'
        const rows = checkManyRows(field, value.length)
        if (rows) return rows
        for (const n of value) {
          const e = one(n)
          if (e) return e
        }
        return ok(value)
      }
      return one(value) ?? ok(value)
    }
    case 'checkbox':
      return typeof value === 'boolean' ? ok(value) : 'This field must be true or false.'
    case 'date': {
      const d = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null
      if (!d || Number.isNaN(d.getTime()))
        return `"${String(value).slice(0, 40)}" is not a valid date.`
      // Stored as ISO text, which sorts and compares correctly only for four-digit years.
      const year = d.getUTCFullYear()
      if (year < 0 || year > 9999)
        return `"${String(value).slice(0, 40)}" is outside the years 0000–9999.`
      return ok(d.toISOString())
    }
    case 'select':
    case 'radio': {
      const allowed = new Set(field.options.map(optionValue))
      if (field.type === 'select' && field.hasMany) {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !allowed.has(v)))
          return 'This field has an invalid selection.'
        const unique = [...new Set(value)]
        return checkManyRows(field, unique.length) ?? ok(unique)
      }
      return typeof value === 'string' && allowed.has(value)
        ? ok(value)
        : 'This field has an invalid selection.'
    }
    case 'json':
      try {
        JSON.stringify(value)
      } catch {
        return 'This field must hold JSON.'
      }
      return jsonSchemaProblem(field, value) ?? ok(value)
    case 'richText':
      return isObject(value) || Array.isArray(value)
        ? ok(value)
        : 'This field must hold rich text (a JSON object).'
    case 'point': {
      if (
        !Array.isArray(value) ||
        value.length !== 2 ||
        value.some((n) => typeof n !== 'number' || !Number.isFinite(n))
      )
        return 'This field must be a [longitude, latitude] pair.'
      const [lng, lat] = value as number[]
      if (lng < -180 || lng > 180 || lat < -90 || lat > 90)
        return 'Longitude must be within [-180, 180] and latitude within [-90, 90].'
      return ok([lng, lat])
    }
    case 'relationship':
      return checkRelationship(field, value, ctx, path)
    case 'join':
      return ok(undefined)
    case 'group': {
      if (!isObject(value)) return 'This field must be an object.'
      return ok(await validateFields(field.fields, value, ctx, `${path}.`, new Set()))
    }
    case 'array': {
      if (!Array.isArray(value)) return 'This field must be a list of rows.'
      const e = checkRows(field, value.length)
      if (e) return e
      const rows: unknown[] = []
      for (const [i, row] of value.entries()) {
        if (!isObject(row)) {
          push(ctx, `${path}.${i}`, field, 'Each row must be an object.')
          continue
        }
        const r = await validateFields(field.fields, row, ctx, `${path}.${i}.`, new Set(['id']))
        rows.push({ id: row.id, ...r })
      }
      return ok(rows)
    }
    case 'blocks': {
      if (!Array.isArray(value)) return 'This field must be a list of blocks.'
      const e = checkRows(field, value.length)
      if (e) return e
      const rows: unknown[] = []
      for (const [i, row] of value.entries()) {
        if (!isObject(row)) {
          push(ctx, `${path}.${i}`, field, 'Each block must be an object.')
          continue
        }
        const block = field.blocks.find((b) => b.slug === row.blockType)
        if (!block) {
          push(
            ctx,
            `${path}.${i}.blockType`,
            field,
            `blockType must be one of: ${field.blocks.map((b) => b.slug).join(', ')}.`,
          )
          continue
        }
        if (
          row.blockName !== undefined &&
          row.blockName !== null &&
          typeof row.blockName !== 'string'
        )
          push(ctx, `${path}.${i}.blockName`, field, 'blockName must be a string.')
        const r = await validateFields(
          block.fields,
          row,
          ctx,
          `${path}.${i}.`,
          new Set(['id', 'blockType', 'blockName']),
        )
        rows.push({
          id: row.id,
          blockType: row.blockType,
          ...(row.blockName != null ? { blockName: row.blockName } : {}),
          ...r,
        })
      }
      return ok(rows)
    }
  }
}

function checkRelationship(
  field: FlattenedField & { type: 'relationship' },
  value: unknown,
  ctx: ValidationContext,
  path: string,
): Checked {
  const polymorphic = Array.isArray(field.relationTo)
  const one = (v: unknown, p: string): unknown => {
    if (polymorphic) {
      if (
        !isObject(v) ||
        typeof v.relationTo !== 'string' ||
        !(field.relationTo as string[]).includes(v.relationTo)
      )
        return undefined
      const id = reference(ctx, field, v.relationTo, relationId(v.value), p)
      return id === undefined ? undefined : { relationTo: v.relationTo, value: id }
    }
    return reference(ctx, field, field.relationTo as string, relationId(v), p)
  }
  const invalid = polymorphic
    ? 'This field must be { relationTo, value } with a collection it relates to and a document id.'
    : 'This field must hold a document id.'
  if (field.hasMany) {
    if (!Array.isArray(value)) return 'This field must be a list of relations.'
    const e = checkRows(field, value.length)
    if (e) return e
    const out = value.map((v) => one(v, path))
    return out.some((v) => v === undefined) ? invalid : ok(out)
  }
  const r = one(value, path)
  return r === undefined ? invalid : ok(r)
}

/**
 * A relationship's `filterOptions`, as Payload validates it: per related collection, the Where (or the function's
 * result) ANDed with the ids sent; an id no related document matches is invalid (`false` allows none, `true` or
 * undefined any). One query per collection with values. An id it rejects is not checked for existence again.
 */
async function checkFilterOptions(
  field: FlattenedField & { type: 'relationship' },
  value: unknown,
  ctx: ValidationContext,
  path: string,
  sibling: Record<string, unknown>,
): Promise<string | undefined> {
  const polymorphic = Array.isArray(field.relationTo)
  const values = (field.hasMany ? (value as unknown[]) : [value]).filter((v) => v != null)
  const invalid: string[] = []
  for (const slug of polymorphic ? (field.relationTo as string[]) : [field.relationTo as string]) {
    const ids = values.flatMap((v) =>
      polymorphic
        ? (v as { relationTo: string; value: number }).relationTo === slug
          ? [(v as { value: number }).value]
          : []
        : [v as number],
    )
    if (ids.length === 0) continue
    const fo = field.filterOptions!
    const filter =
      typeof fo === 'function'
        ? await fo({
            id: ctx.id,
            data: ctx.data,
            siblingData: sibling,
            relationTo: slug,
            req: ctx.req,
            user: ctx.req.user,
          })
        : fo
    if (filter === true || filter === undefined || filter === null) continue
    const allowed = new Set<unknown>()
    if (filter !== false) {
      const found = await ctx.req.cms.find({
        collection: slug as CollectionSlug,
        where: { and: [{ id: { in: ids } }, filter] },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req: ctx.req,
      })
      for (const doc of found.docs) allowed.add(doc.id)
    }
    for (const id of ids) {
      if (allowed.has(id)) continue
      invalid.push(polymorphic ? `${id} (${slug})` : String(id))
      const paths = ctx.references.get(slug)?.get(id)
      paths?.splice(paths.indexOf(path), 1)
      if (paths?.length === 0) ctx.references.get(slug)!.delete(id)
    }
  }
  return invalid.length
    ? `This field has the following invalid selections: ${invalid.join(', ')}`
    : undefined
}
