import { staticText } from '../config/admin.ts'
import { alwaysRequired, someField } from '../config/fields.ts'
import { fieldType, relationOf } from '../fields/registry.ts'
import { ownsRowId } from '../fields/shared.ts'
import type { SchemaKit } from '../fields/types.ts'
import type { FlattenedField, SanitizedCollection, SanitizedConfig } from '../config/types.ts'
import { idKind } from '../config/ids.ts'
import { holdsObject } from '../local/locale.ts'
import {
  fallbackLocaleSchema,
  idSchema,
  nullable,
  ref,
  targetCollection,
  type ObjectSchema,
  type Schema,
} from './refs.ts'
import { operatorsOf } from './where-schema.ts'
import { collectionNames } from '../config/names.ts'

export {
  idSchema,
  nullable,
  ref,
  targetCollection,
  whereIdRef,
  type ObjectSchema,
  type Schema,
} from './refs.ts'

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) for documents, inputs and where clauses, derived from fields.
 * Read schemas describe what any response may hold: every field may be absent (select, field access) and,
 * unless required in a collection without drafts, null. Input schemas describe write bodies.
 */

export interface SchemaContext {
  config: SanitizedConfig
  /** Named schemas collected on the way (`interfaceName` groups, arrays and blocks). */
  components: Record<string, Schema>
  /** Which write an input schema is for (a create needs a required localized field's default locale). */
  operation?: 'create' | 'update'
}

/** The schema of a collection's own ids (UUIDs say so). */
export function collectionIdSchema(c: { idType: SanitizedCollection['idType'] }): Schema {
  return c.idType === 'uuid'
    ? {
        type: 'string',
        pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        description: 'A UUID.',
      }
    : idSchema(idKind(c))
}

/** Any document id of the config (bulk errors, loose populated documents): integers unless a collection has others. */
export function anyIdSchema(config: SanitizedConfig): Schema {
  return config.collections.every((c) => c.idType === 'serial')
    ? { type: 'integer' }
    : { type: ['number', 'string'] }
}

/** A field's `label` is its schema's title, its `admin.description` the description (before any of the schema's). */
function describe(s: Schema, field: FlattenedField): Schema {
  const title = staticText(field.label)
  const about = staticText(field.admin?.description)
  const out = title && title !== field.name ? { ...s, title } : s
  if (!about) return out
  const own = typeof s.description === 'string' ? ` ${s.description}` : ''
  return { ...out, description: `${about}${own}` }
}

function docRef(ctx: SchemaContext, slug: string): Schema {
  return ref(collectionNames(targetCollection(ctx.config, slug)).singular)
}

/** What a field module may call back while building a value's schema. */
function schemaKit(mode: 'read' | 'input', ctx: SchemaContext): SchemaKit {
  return {
    config: ctx.config,
    mode,
    ref,
    component(name, schema) {
      ctx.components[name] = schema
      return ref(name)
    },
    object: (fields, interfaceName, row) => objectSchema(fields, mode, ctx, interfaceName, row),
    docRef: (slug) => docRef(ctx, slug),
    idSchema,
    operators: (value) => operatorsOf(value),
  }
}

/** The schema of one value of `field` (before hasMany, localization and null are applied). */
const valueSchema = (field: FlattenedField, mode: 'read' | 'input', ctx: SchemaContext): Schema =>
  fieldType(field).schema(field, schemaKit(mode, ctx))

/** A single relation to a collection with trash reads as null once its document is trashed (local/populate.ts). */
function readsNullWhenTrashed(field: FlattenedField, mode: 'read' | 'input', ctx: SchemaContext) {
  const relation = relationOf(field)
  return (
    mode === 'read' &&
    relation !== undefined &&
    !relation.polymorphic &&
    !relation.hasMany &&
    relation.targets.some((t) => ctx.config.collectionsBySlug.get(t)?.trash)
  )
}

/** The full schema of a field's value: hasMany, localization (`locale=all` returns locale maps) and null. */
export function fieldSchema(
  field: FlattenedField,
  mode: 'read' | 'input',
  ctx: SchemaContext,
  required: boolean,
): Schema {
  let s = valueSchema(field, mode, ctx)
  if ('hasMany' in field && field.hasMany) {
    s = { type: 'array', items: s }
    const { minRows, maxRows } = fieldType(field).manyBounds?.(field) ?? field
    if (mode === 'input' && maxRows !== undefined) s.maxItems = maxRows
    // minRows binds a non-empty list only (Payload): an empty one passes unless the field is required.
    if (mode === 'input' && minRows !== undefined && minRows > 0)
      s = required
        ? { ...s, minItems: minRows }
        : { ...s, anyOf: [{ maxItems: 0 }, { minItems: minRows }] }
  }
  if (!required || readsNullWhenTrashed(field, mode, ctx)) s = nullable(s)
  // A locale map's values keep the plain schema: only the default locale's must be non-empty.
  const perLocale = s
  if (required && mode === 'input') s = nonEmpty(s, field)
  if (field.localized) s = { anyOf: [s, localeMap(field, mode, ctx, required, s, perLocale)] }
  return describe(s, field)
}

/**
 * A localized field's values keyed by locale code: what `locale=all` reads and writes, and what a write in one
 * locale may give a field whose own value is no object (local/locale.ts takesLocaleMap: those locales are
 * written). As an input the keys are the configured locales, and a required field's default locale may not be
 * empty (nor missing on create), as the server checks (fields/validate.ts validateLocalized).
 */
function localeMap(
  field: FlattenedField,
  mode: 'read' | 'input',
  ctx: SchemaContext,
  required: boolean,
  strict: Schema,
  perLocale: Schema,
): Schema {
  const map: Schema = {
    type: 'object',
    description: "Locales' values, keyed by locale code (all of them with locale=all).",
    additionalProperties: perLocale,
  }
  const localization = ctx.config.localization
  if (mode === 'read' || !localization || holdsObject(field)) return map
  map.propertyNames = { enum: localization.localeCodes }
  if (required) {
    map.properties = { [localization.defaultLocale]: strict }
    if (ctx.operation === 'create') map.required = [localization.defaultLocale]
  }
  return map
}

/**
 * A required field's input refuses an empty value ("" or an empty list) outside a draft save
 * (fields/validate.ts `isEmpty`), on create and update alike: the inputs of a collection or global without
 * drafts say so.
 */
function nonEmpty(s: Schema, field: FlattenedField): Schema {
  if (s.type === 'array')
    return { ...s, minItems: Math.max(1, typeof s.minItems === 'number' ? s.minItems : 0) }
  if (s.type === 'string' && fieldType(field).nonEmpty)
    return { ...s, minLength: Math.max(1, typeof s.minLength === 'number' ? s.minLength : 0) }
  return s
}

/**
 * An object of fields. Rows of arrays and blocks carry their `id`. In read mode nothing is required (select
 * and field access may drop anything) and `interfaceName` makes the object a named component.
 */
export function objectSchema(
  fields: FlattenedField[],
  mode: 'read' | 'input',
  ctx: SchemaContext,
  interfaceName: string | undefined,
  row: boolean,
  drafts = false,
): Schema {
  const s = fieldsSchema(fields, mode, ctx, row, drafts)
  if (interfaceName && mode === 'read') {
    ctx.components[interfaceName] = s
    return ref(interfaceName)
  }
  return s
}

/** The object of fields itself (what `objectSchema` names as a component when asked to). */
export function fieldsSchema(
  fields: FlattenedField[],
  mode: 'read' | 'input',
  ctx: SchemaContext,
  row: boolean,
  drafts = false,
): ObjectSchema {
  const properties: Schema = {}
  const required: string[] = []
  if (row && !ownsRowId(fields))
    properties.id = mode === 'read' ? { type: 'string' } : { type: ['string', 'null'] }
  for (const f of fields) {
    if (f.hidden) continue
    const computed = fieldType(f).computed
    if (mode === 'input' && (f.virtual || computed)) {
      // Computed on read, never written: the server takes any value for it and ignores it.
      properties[f.name] = describe(
        { description: 'Computed on read; a value sent is accepted and ignored.' },
        f,
      )
      continue
    }
    if (computed) {
      properties[f.name] = describe(valueSchema(f, mode, ctx), f)
      continue
    }
    // A localized value is written one locale at a time, so a required one may be null in a locale that has none
    // yet (the default one too, after a create in another locale): found by Schemathesis on the newsroom fixture.
    const needed = alwaysRequired(f)
    const strict = needed && !drafts && !f.localized && mode === 'read'
    const schema = fieldSchema(f, mode, ctx, strict || (mode === 'input' && needed))
    // Computed on read; a write's value is ignored.
    properties[f.name] = f.virtual ? { ...schema, readOnly: true } : schema
    if (mode === 'input' && needed && !drafts && f.defaultValue === undefined) required.push(f.name)
  }
  const s: ObjectSchema = { type: 'object', properties }
  if (required.length) s.required = required
  // The server refuses a key that is not a field (validateFields: 400 "This field does not exist.").
  if (mode === 'input') s.additionalProperties = false
  return s
}

/** The read schema of a collection's documents. */
export function documentSchema(c: SanitizedCollection, ctx: SchemaContext): ObjectSchema {
  const drafts = Boolean(c.versions && c.versions.drafts)
  const base = fieldsSchema(c.flatFields, 'read', ctx, false, drafts)
  const properties: Schema = { id: collectionIdSchema(c), ...base.properties }
  if (c.timestamps)
    Object.assign(properties, {
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    })
  if (c.auth) properties.collection = { type: 'string', const: c.slug }
  if (c.auth && c.auth.useAPIKey)
    properties.apiKey = {
      type: 'string',
      description:
        'The API key, only in the answer of the write that set it (never stored or read back).',
    }
  const about = staticText(c.admin?.description)
  return { type: 'object', required: ['id'], properties, ...(about && { description: about }) }
}

/**
 * The system keys a write body may carry, as a document read back has them: the server takes any value and
 * ignores it (write.ts), so a client may send a document it read. A custom id replaces `id` (openapi.ts).
 */
const ignored = (what: string): Schema => ({
  description: `${what}: accepted and ignored (any value); the server sets it.`,
})
const SYSTEM_INPUT: Schema = {
  id: ignored('The id'),
  createdAt: ignored('The creation time'),
  updatedAt: ignored('The last update time'),
}

/**
 * The locale keys a REST write body may carry (http/rest/request.ts `writeInput`): Payload reads them as the
 * request's locale when the query names none. Without localization they are accepted and ignored.
 */
function bodyLocales(ctx: SchemaContext): Schema {
  const l = ctx.config.localization
  const why =
    'The locale of the write when the query names none (not data; a field of this name wins).'
  if (!l) {
    const ignoredLocale = { type: 'string', description: 'Accepted and ignored: no localization.' }
    return {
      locale: ignoredLocale,
      fallbackLocale: ignoredLocale,
      'fallback-locale': ignoredLocale,
    }
  }
  const fallback = { ...fallbackLocaleSchema(l.localeCodes), description: why }
  return {
    locale: { type: 'string', description: why, enum: [...l.localeCodes, 'all', '*'] },
    fallbackLocale: fallback,
    'fallback-locale': fallback,
  }
}

/**
 * Create (`required` as the config says) or update (everything optional) body of a collection or global. With
 * drafts too the body states the rule of a save without `draft=true` (required fields bind, as in Payload); the
 * `draft` parameter says what a draft save relaxes, which a body schema cannot read (docs/contracts.md, "Drafts").
 * `filledByHooks`: the collection's hooks run before validation and may set what a create leaves out (below), so
 * the create body requires nothing and the Local layer judges the required fields after them.
 */
export function inputSchema(
  fields: FlattenedField[],
  ctx: SchemaContext,
  operation: 'create' | 'update',
  extra: Schema = {},
  filledByHooks = false,
): ObjectSchema {
  const relaxed = operation === 'update' || filledByHooks
  const s = fieldsSchema(fields, 'input', { ...ctx, operation }, false, relaxed)
  return {
    ...s,
    // A field named `locale` (or a fallback key) keeps its name as data.
    properties: { ...bodyLocales(ctx), ...s.properties, ...SYSTEM_INPUT, ...extra },
  }
}

/**
 * Whether a collection's hooks run before validation and may set fields a write leaves out: its own
 * `beforeValidate` or `beforeChange` hooks, or any field's at any depth (a field hook gets the whole document).
 * Payload validates after them: Payload 3's `slugField` makes the required slug in its checkbox's hook. A body schema
 * cannot say which field a hook sets (docs/contracts.md, "Fields a hook fills").
 */
export function hooksFillFields(
  hooks: { beforeValidate?: unknown[]; beforeChange?: unknown[] } | undefined,
  fields: FlattenedField[],
): boolean {
  if (hooks?.beforeValidate?.length || hooks?.beforeChange?.length) return true
  return someField(fields, (f) =>
    Boolean(f.hooks?.beforeValidate?.length || f.hooks?.beforeChange?.length),
  )
}
