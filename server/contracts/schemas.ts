import { OPERATORS } from '../db/where.ts'
import { optionValue, subFields, traverseFields } from '../config/fields.ts'
import type {
  FlattenedField,
  IdKind,
  SanitizedCollection,
  SanitizedConfig,
} from '../config/types.ts'
import { idKind, relationKindOf } from '../config/ids.ts'
import { holdsObject } from '../local/locale.ts'
import { escapeRe } from './patterns.ts'
import { collectionNames } from '../config/names.ts'

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) for documents, inputs and where clauses, derived from fields.
 * Read schemas describe what any response may hold: every field may be absent (select, field access) and,
 * unless required in a collection without drafts, null. Input schemas describe write bodies.
 */

export type Schema = Record<string, unknown>
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })

export interface SchemaContext {
  config: SanitizedConfig
  /** Named schemas collected on the way (`interfaceName` groups, arrays and blocks). */
  components: Record<string, Schema>
  /** An input of a collection or global with drafts: a draft save may leave required fields empty. */
  draftable?: boolean
  /** Which write an input schema is for (a create needs a required localized field's default locale). */
  operation?: 'create' | 'update'
}

/** Field types whose value is a string: a required one refuses "" (fields/validate.ts `isEmpty`). */
const TEXT_LIKE = new Set(['text', 'textarea', 'code', 'email'])

const ID: Schema = { type: 'integer', minimum: 1 }

/** The schema of an id of a kind: serial ids are positive integers, custom number ids numbers, text ids strings. */
export function idSchema(kind: IdKind): Schema {
  return kind === 'integer' ? ID : kind === 'number' ? { type: 'number' } : { type: 'string' }
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

/** The ids a relationship may hold: one schema, or the union of its targets' kinds. */
function relationIdSchema(field: FlattenedField & { type: 'relationship' }): Schema {
  const targets = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo]
  const kinds = [...new Set(targets.map((t) => relationKindOf(field, t)))]
  return kinds.length === 1 ? idSchema(kinds[0]) : { anyOf: kinds.map(idSchema) }
}

/** Any document id of the config (bulk errors, loose populated documents): integers unless a collection has others. */
export function anyIdSchema(config: SanitizedConfig): Schema {
  return config.collections.every((c) => c.idType === 'serial')
    ? { type: 'integer' }
    : { type: ['number', 'string'] }
}

/** The Where operators of an id kind. */
export function whereIdRef(kind: IdKind): Schema {
  return ref(kind === 'integer' ? 'WhereID' : kind === 'number' ? 'WhereNumber' : 'WhereText')
}

function nullable(s: Schema): Schema {
  if (typeof s.type === 'string' && !s.enum && !s.$ref) return { ...s, type: [s.type, 'null'] }
  // An enum admits null only when its type does too (found by the cross-layer property test: a select left empty).
  if (Array.isArray(s.enum))
    return {
      ...s,
      ...(typeof s.type === 'string' ? { type: [s.type, 'null'] } : {}),
      enum: [...s.enum, null],
    }
  return { anyOf: [s, { type: 'null' }] }
}

function describe(s: Schema, field: FlattenedField): Schema {
  return field.label && field.label !== field.name ? { ...s, title: field.label } : s
}

function docRef(ctx: SchemaContext, slug: string): Schema {
  return ref(collectionNames(ctx.config.collectionsBySlug.get(slug)!).singular)
}

/** The schema of one value of `field` (before hasMany, localization and null are applied). */
function valueSchema(field: FlattenedField, mode: 'read' | 'input', ctx: SchemaContext): Schema {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code': {
      const s: Schema = { type: 'string' }
      if ('maxLength' in field && field.maxLength !== undefined && mode === 'input')
        s.maxLength = field.maxLength
      if ('minLength' in field && field.minLength !== undefined && mode === 'input')
        s.minLength = field.minLength
      return s
    }
    case 'email':
      return { type: 'string', format: 'email' }
    case 'number': {
      const s: Schema = { type: 'number' }
      if (mode === 'input' && field.min !== undefined) s.minimum = field.min
      if (mode === 'input' && field.max !== undefined) s.maximum = field.max
      return s
    }
    case 'checkbox':
      return { type: 'boolean' }
    case 'date':
      return { type: 'string', format: 'date-time' }
    case 'select':
    case 'radio':
      return { type: 'string', enum: field.options.map(optionValue) }
    case 'json':
      if (!field.jsonSchema?.schema) return {}
      {
        // The field's own schema, without the keys that would make it a document of its own.
        const { $schema: _s, $id: _i, ...schema } = field.jsonSchema.schema
        return schema
      }
    case 'richText':
      return { type: 'object', description: 'Rich text (a JSON document).' }
    case 'point':
      return {
        type: 'array',
        items: { type: 'number' },
        minItems: 2,
        maxItems: 2,
        description: '[longitude, latitude]',
      }
    case 'relationship': {
      if (Array.isArray(field.relationTo)) {
        const id = relationIdSchema(field)
        const value =
          mode === 'read' ? { anyOf: [id, ...field.relationTo.map((s) => docRef(ctx, s))] } : id
        return {
          type: 'object',
          required: ['relationTo', 'value'],
          properties: { relationTo: { type: 'string', enum: field.relationTo }, value },
        }
      }
      const id = relationIdSchema(field)
      return mode === 'read' ? { anyOf: [id, docRef(ctx, field.relationTo)] } : id
    }
    case 'join':
      return joinSchema(ctx, field.collection)
    case 'group':
      return objectSchema(field.fields, mode, ctx, field.interfaceName, false)
    case 'array': {
      const row = objectSchema(field.fields, mode, ctx, field.interfaceName, true)
      return arrayOf(row, field, mode)
    }
    case 'blocks': {
      const rows = field.blocks.map((b) => {
        const s = objectSchema(b.fields, mode, ctx, undefined, true)
        const props = {
          blockType: { type: 'string', const: b.slug },
          blockName: { type: ['string', 'null'] },
          ...(s.properties as Schema),
        }
        const block: Schema = {
          ...s,
          properties: props,
          required: [...new Set(['blockType', ...((s.required as string[]) ?? [])])],
        }
        if (b.interfaceName && mode === 'read') {
          ctx.components[b.interfaceName] = block
          return ref(b.interfaceName)
        }
        return block
      })
      return arrayOf({ oneOf: rows }, field, mode)
    }
  }
}

/** A join field's value: a page of the joined documents (ids, or documents as depth allows). */
function joinSchema(ctx: SchemaContext, slug: string): Schema {
  return {
    type: 'object',
    description: `The documents of "${slug}" relating to this one (a join field; never written).`,
    required: ['docs', 'hasNextPage'],
    properties: {
      docs: {
        type: 'array',
        items: {
          anyOf: [idSchema(idKind(ctx.config.collectionsBySlug.get(slug)!)), docRef(ctx, slug)],
        },
      },
      hasNextPage: { type: 'boolean' },
      totalDocs: { type: 'integer', minimum: 0, description: 'Only with count: true.' },
    },
  }
}

function arrayOf(
  items: Schema,
  field: { minRows?: number; maxRows?: number },
  mode: 'read' | 'input',
): Schema {
  const s: Schema = { type: 'array', items }
  if (mode === 'input' && field.minRows !== undefined) s.minItems = field.minRows
  if (mode === 'input' && field.maxRows !== undefined) s.maxItems = field.maxRows
  return s
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
    const { minRows, maxRows } = field.type === 'relationship' ? {} : field
    if (mode === 'input' && maxRows !== undefined) s.maxItems = maxRows
    // minRows binds a non-empty list only (Payload): an empty one passes unless the field is required.
    if (mode === 'input' && minRows !== undefined && minRows > 0)
      s = required
        ? { ...s, minItems: minRows }
        : { ...s, anyOf: [{ maxItems: 0 }, { minItems: minRows }] }
  }
  if (!required) s = nullable(s)
  // A locale map's values keep the plain schema: only the default locale's must be non-empty.
  const perLocale = s
  if (required && mode === 'input' && !ctx.draftable) s = nonEmpty(s, field)
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
  if (required && !ctx.draftable) {
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
  if (s.type === 'array') return { ...s, minItems: Math.max(1, (s.minItems as number) ?? 0) }
  if (s.type === 'string' && TEXT_LIKE.has(field.type))
    return { ...s, minLength: Math.max(1, (s.minLength as number) ?? 0) }
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
  const properties: Schema = {}
  const required: string[] = []
  if (row) properties.id = mode === 'read' ? { type: 'string' } : { type: ['string', 'null'] }
  for (const f of fields) {
    if (f.hidden) continue
    if (mode === 'input' && (f.virtual || f.type === 'join')) {
      // Computed on read, never written: the server takes any value for it and ignores it.
      properties[f.name] = describe(
        { description: 'Computed on read; a value sent is accepted and ignored.' },
        f,
      )
      continue
    }
    if (f.type === 'join') {
      properties[f.name] = describe(joinSchema(ctx, f.collection), f)
      continue
    }
    const strict = Boolean(f.required) && !drafts && mode === 'read'
    properties[f.name] = fieldSchema(
      f,
      mode,
      ctx,
      strict || (mode === 'input' && Boolean(f.required)),
    )
    // Computed on read; a write's value is ignored.
    if (f.virtual) properties[f.name] = { ...(properties[f.name] as Schema), readOnly: true }
    if (mode === 'input' && f.required && !drafts && f.defaultValue === undefined)
      required.push(f.name)
  }
  const s: Schema = { type: 'object', properties }
  if (required.length) s.required = required
  // The server refuses a key that is not a field (validateFields: 400 "This field does not exist.").
  if (mode === 'input') s.additionalProperties = false
  if (interfaceName && mode === 'read') {
    ctx.components[interfaceName] = s
    return ref(interfaceName)
  }
  return s
}

/** The read schema of a collection's documents. */
export function documentSchema(c: SanitizedCollection, ctx: SchemaContext): Schema {
  const drafts = Boolean(c.versions && c.versions.drafts)
  const base = objectSchema(c.flatFields, 'read', ctx, undefined, false, drafts)
  const properties: Schema = { id: collectionIdSchema(c), ...(base.properties as Schema) }
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
  return { type: 'object', required: ['id'], properties }
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

/** Create (`required` as the config says) or update (everything optional) body of a collection or global. */
export function inputSchema(
  fields: FlattenedField[],
  ctx: SchemaContext,
  operation: 'create' | 'update',
  drafts: boolean,
  extra: Schema = {},
): Schema {
  const s = objectSchema(
    fields,
    'input',
    { ...ctx, draftable: drafts, operation },
    undefined,
    false,
    drafts || operation === 'update',
  )
  const out: Schema = {
    ...s,
    properties: { ...(s.properties as Schema), ...SYSTEM_INPUT, ...extra },
  }
  if (drafts) Object.assign(out, whenPublished(fields, ctx, operation))
  return out
}

/**
 * With drafts, required fields bind a published document only (server/local/write.ts): a body with `_status`
 * "published" needs them (on create) and may not send them empty; a draft, the default, may leave them out.
 */
function whenPublished(
  fields: FlattenedField[],
  ctx: SchemaContext,
  operation: 'create' | 'update',
): Schema {
  const published = objectSchema(
    fields,
    'input',
    { ...ctx, draftable: false, operation },
    undefined,
    false,
    false,
  )
  const names = (published.required as string[] | undefined) ?? []
  const strict = fields.filter((f) => 'required' in f && f.required && !f.hidden && !f.virtual)
  if (!strict.length) return {}
  const all = published.properties as Schema
  const then: Schema = { properties: Object.fromEntries(strict.map((f) => [f.name, all[f.name]])) }
  if (operation === 'create' && names.length) then.required = names
  return {
    if: { required: ['_status'], properties: { _status: { const: 'published' } } },
    then,
  }
}

// ---- where -------------------------------------------------------------------

const operatorsOf = (
  value: Schema,
  list: Schema = {
    anyOf: [
      { type: 'array', items: value },
      { type: 'string', description: 'Comma-separated values.' },
    ],
  },
): Schema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    equals: nullable(value),
    not_equals: nullable(value),
    in: list,
    not_in: list,
    all: list,
    greater_than: value,
    greater_than_equal: value,
    less_than: value,
    less_than_equal: value,
    like: { type: 'string' },
    not_like: { type: 'string' },
    contains: value,
    exists: { type: 'boolean' },
  },
})

/** Operator objects by value kind, shared by every collection's Where schema. */
export function whereComponents(): Record<string, Schema> {
  return {
    WhereText: operatorsOf({ type: 'string' }),
    WhereNumber: operatorsOf({ type: 'number' }),
    WhereBoolean: operatorsOf({ type: 'boolean' }),
    WhereDate: operatorsOf({ type: 'string', format: 'date-time' }),
    WhereID: operatorsOf({ type: 'integer' }),
    WherePoint: {
      type: 'object',
      additionalProperties: false,
      properties: {
        near: {
          description:
            '"lng,lat[,maxDistance[,minDistance]]" in metres, or the same as an array; results are sorted by distance.',
          anyOf: [
            { type: 'string' },
            { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 4 },
          ],
        },
        exists: { type: 'boolean' },
        equals: nullable({ type: 'array', items: { type: 'number' } }),
      },
    },
    WhereExists: {
      type: 'object',
      description:
        'Whether the field has a value (arrays, blocks and json are queried by their paths).',
      additionalProperties: false,
      properties: { exists: { type: 'boolean' } },
    },
    WhereAny: {
      type: 'object',
      description:
        'Operators on a path whose value type the contract cannot know: into json, through a relationship, or a polymorphic relationship.',
      additionalProperties: false,
      // Every operator the where compiler knows (server/db/where.ts).
      properties: Object.fromEntries(OPERATORS.map((op) => [op, {}])),
    },
  }
}

function whereFor(field: FlattenedField): Schema | undefined {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'email':
      return ref('WhereText')
    case 'richText':
    case 'json':
    case 'array':
    case 'blocks':
      return ref('WhereExists')
    case 'number':
      return ref('WhereNumber')
    case 'checkbox':
      return ref('WhereBoolean')
    case 'date':
      return ref('WhereDate')
    case 'point':
      return ref('WherePoint')
    case 'relationship':
      return Array.isArray(field.relationTo)
        ? ref('WhereAny')
        : whereIdRef(relationKindOf(field, field.relationTo))
    case 'select':
    case 'radio':
      return operatorsOf({ type: 'string', enum: field.options.map(optionValue) })
    default:
      return undefined
  }
}

/**
 * A path past what the contract enumerates: WhereAny. The list beside it matches nothing (`not: {}`); it is
 * there for generated types, which make patterns an index signature that `and`/`or` (lists) must fit too, or
 * no nested where compiles (openapi-typescript, hey-api). Its items are plain objects, not a Where, so it adds
 * no reference (tools that expand every reference would walk 3^levels copies instead of 2^levels).
 */
const WHERE_BEYOND: Schema = {
  anyOf: [
    ref('WhereAny'),
    { type: 'array', items: { type: 'object', additionalProperties: true }, not: {} },
  ],
}

/**
 * Where paths of a field list, as the where compiler (server/db/where.ts) resolves them: dotted into groups, and
 * into the rows of arrays (plus their `id`) and blocks (every block's fields, `blockType`, `blockName`, `id`);
 * an array, blocks or json field itself takes `exists` only. Paths that go on past what the contract can
 * enumerate (into json, through a relationship, a localized group) are `patterns`: regular expressions of the
 * keys, with WhereAny. Each dotted path is also accepted with `__` for its dots (GraphQL's form).
 */
function wherePaths(fields: FlattenedField[], out: Schema, patterns: Schema): void {
  const add = (path: string[], s: Schema) => {
    out[path.join('.')] = s
    if (path.length > 1) out[path.join('__')] = s
  }
  const beyond = (path: string[], rest = '.+') => {
    patterns[`^${path.map(escapeRe).join('(?:\\.|__)')}(?:\\.|__)${rest}$`] = WHERE_BEYOND
  }
  traverseFields(fields, (f, path) => {
    if (f.hidden || f.virtual) return false
    const here = [...path, f.name]
    if (f.type === 'group') {
      if (!f.localized) return true
      beyond(here)
      return false
    }
    if (f.localized && (f.type === 'array' || f.type === 'blocks')) {
      add(here, ref('WhereExists'))
      beyond(here)
      return false
    }
    const s = whereFor(f)
    if (s) add(here, s)
    if (f.type === 'array') add([...here, 'id'], ref('WhereText'))
    if (f.type === 'blocks')
      for (const extra of ['blockType', 'blockName', 'id']) add([...here, extra], ref('WhereText'))
    if (f.type === 'json' || f.type === 'richText')
      beyond(here, '[A-Za-z0-9_-]+(?:(?:\\.|__)[A-Za-z0-9_-]+)*')
    if (f.type === 'relationship') {
      if (Array.isArray(f.relationTo)) {
        add([...here, 'relationTo'], ref('WhereText'))
        add([...here, 'value'], ref('WhereAny'))
      } else beyond(here)
    }
    return f.type === 'array' || f.type === 'blocks'
  })
}

/**
 * The Where schema of a collection: its field paths, `and`/`or` (a list of the same schema: the contract
 * unrolls that recursion to the server's nesting limit, see unroll.ts), and any further dotted path.
 */
export function whereSchema(
  name: string,
  fields: FlattenedField[],
  timestamps: boolean,
  kind: IdKind = 'integer',
): Schema {
  const properties: Schema = { id: whereIdRef(kind) }
  if (timestamps)
    Object.assign(properties, { createdAt: ref('WhereDate'), updatedAt: ref('WhereDate') })
  const patterns: Schema = {}
  wherePaths(fields, properties, patterns)
  // REST takes and/or; GraphQL's AND/OR are its input type's names, and Local accepts both.
  for (const op of ['and', 'or']) properties[op] = { type: 'array', items: ref(name) }
  return {
    type: 'object',
    description:
      'A filter: field paths with operators, combined by and/or. Paths may be dotted (`author.email`).',
    properties,
    // Paths the contract cannot enumerate (through a relationship, into json) match a pattern; any other key is
    // refused, as the where compiler refuses it (400 QueryError). And/or past the last level are left out.
    ...(Object.keys(patterns).length ? { patternProperties: patterns } : {}),
    additionalProperties: false,
  }
}

// ---- select --------------------------------------------------------------------

/**
 * What `select` accepts for these fields, as `checkSelect` (server/local/select.ts) does: `true` or `false` per
 * field, and for groups, arrays and blocks either a boolean or the same object one level down. Finite because
 * the fields are, so no schema refers to itself.
 */
export function selectSchema(fields: FlattenedField[], system: readonly string[]): Schema {
  const properties: Schema = Object.fromEntries(system.map((k) => [k, { type: 'boolean' }]))
  for (const f of fields) {
    if (f.hidden) continue
    const sub = subFields(f)
    // Blocks may repeat a name: the nested form wins, so both forms stay valid.
    if (f.name in properties && !sub) continue
    properties[f.name] = sub
      ? { anyOf: [{ type: 'boolean' }, selectSchema(sub, ['id', 'blockType'])] }
      : { type: 'boolean' }
  }
  return { type: 'object', properties, additionalProperties: false }
}
