import type { GraphQLKind } from './kinds.ts'
import { optionValue, someField, traverseFields } from '../config/fields.ts'
import type {
  FlattenedField,
  IdKind,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
} from '../config/types.ts'
import { collectionNames, globalName, typeName } from '../config/names.ts'
import { idKind, relationKindOf } from '../config/ids.ts'
import { permissionFields } from '../local/permissions.ts'

/**
 * The GraphQL SDL contract, a pure function of the sanitised config, named as Payload names it: `Post`,
 * `Posts`, `countPosts`, `createPost`, `Post_where` (with `AND`/`OR`), `loginUser`, globals by their singular.
 * Output fields are nullable except `id` (field access and `select` may leave any field empty); create inputs
 * require what the config requires. Select and radio values are enums; a value that is not a GraphQL name is
 * written as `enumValueName(value)` and mapped back by the server.
 */

const NAME_RE = /^[_A-Za-z][_0-9A-Za-z]*$/
const RESERVED_ENUM = new Set(['true', 'false', 'null'])

/** An option value as a GraphQL enum value name: invalid characters become `_`, a leading digit gets `_`. */
export function enumValueName(value: string): string {
  let name = value.replace(/[^_0-9A-Za-z]/g, '_')
  if (!NAME_RE.test(name) || RESERVED_ENUM.has(name)) name = `_${name}`
  return name
}

class Builder {
  private readonly blocks = new Map<string, string>()
  private readonly order: string[] = []

  add(name: string, sdl: string): string {
    if (!this.blocks.has(name)) {
      this.blocks.set(name, sdl)
      this.order.push(name)
    }
    return name
  }

  /** Replaces a reserved entry (types are reserved first so recursive relations terminate). */
  set(name: string, sdl: string): void {
    this.blocks.set(name, sdl)
  }

  has(name: string): boolean {
    return this.blocks.has(name)
  }

  toString(): string {
    return this.order.map((n) => this.blocks.get(n)).join('\n\n')
  }
}

const desc = (text: string | undefined, indent = '') =>
  text ? `${indent}"""${text.replace(/"""/g, "'''")}"""\n` : ''

/** What the server needs besides the SDL to execute it: relation fields, union members, enum value names. */
export interface GraphQLPlan {
  relations: {
    type: string
    field: string
    relationTo: string | string[]
    hasMany: boolean
    maxRows?: number
    /** A polymorphic relation's own field (`value` resolves under it): where its arguments are given. */
    holder?: { type: string; field: string }
  }[]
  /**
   * Join fields: the type and field serving each, the collection whose documents hold it and its path there. The
   * server resolves them per field (with the field's arguments), batched over the parents of a level.
   */
  joins: { type: string; field: string; collection: string; path: string }[]
  /** Group fields holding join fields (at any depth): their objects carry the document's id to the joins. */
  joinGroups: { type: string; field: string }[]
  /** Union name → how a value picks its member: by `blockType` or (polymorphic relations) by collection slug. */
  unions: Map<string, { by: 'blockType' | 'collection'; members: Map<string, string> }>
  /** Enum name → GraphQL value name → stored value (only where they differ or for every option enum). */
  enums: Map<string, Map<string, string>>
  /** Root fields → what serves them. */
  roots: {
    type: 'Query' | 'Mutation'
    field: string
    kind: GraphQLKind
    collection?: string
    global?: string
  }[]
}

interface Ctx {
  config: SanitizedConfig
  b: Builder
  plan: GraphQLPlan
  /** The collection whose types are being compiled, and the path of the current group in it (join fields). */
  owner?: { collection: string; path: string[] }
}

function enumType(ctx: Ctx, name: string, values: string[]): string {
  ctx.plan.enums.set(name, new Map(values.map((v) => [enumValueName(v), v])))
  return ctx.b.add(
    name,
    `enum ${name} {\n${values.map((v) => `  ${enumValueName(v)}`).join('\n')}\n}`,
  )
}

function docType(ctx: Ctx, slug: string): string {
  return collectionNames(ctx.config.collectionsBySlug.get(slug)!).singular
}

/** The output type of a field (nullable). */
function outputType(ctx: Ctx, field: FlattenedField, parent: string): string {
  const own = `${parent}_${typeName(field.name)}`
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'email':
      return field.type === 'text' && field.hasMany ? '[String!]' : 'String'
    case 'number':
      return field.hasMany ? '[Float!]' : 'Float'
    case 'checkbox':
      return 'Boolean'
    case 'date':
      return 'DateTime'
    case 'json':
    case 'richText':
      return 'JSON'
    case 'point':
      return '[Float!]'
    case 'select': {
      const e = enumType(
        ctx,
        field.interfaceName ?? `${parent}_${field.name}`,
        field.options.map(optionValue),
      )
      return field.hasMany ? `[${e}!]` : e
    }
    case 'radio':
      return enumType(
        ctx,
        field.interfaceName ?? `${parent}_${field.name}`,
        field.options.map(optionValue),
      )
    case 'relationship': {
      if (Array.isArray(field.relationTo)) {
        ctx.plan.unions.set(own, {
          by: 'collection',
          members: new Map(field.relationTo.map((s) => [s, docType(ctx, s)])),
        })
        ctx.plan.relations.push({
          type: `${own}_Relationship`,
          field: 'value',
          relationTo: field.relationTo,
          hasMany: false,
          holder: { type: parent, field: field.name },
        })
        const union = ctx.b.add(
          `${own}`,
          `union ${own} = ${field.relationTo.map((s) => docType(ctx, s)).join(' | ')}`,
        )
        const relationTo = enumType(ctx, `${own}_RelationTo`, field.relationTo)
        const rel = ctx.b.add(
          `${own}_Relationship`,
          `type ${own}_Relationship {\n  relationTo: ${relationTo}\n  value: ${union}\n}`,
        )
        return field.hasMany ? `[${rel}!]` : rel
      }
      ctx.plan.relations.push({
        type: parent,
        field: field.name,
        relationTo: field.relationTo,
        hasMany: Boolean(field.hasMany),
        maxRows: field.maxRows,
      })
      const t = docType(ctx, field.relationTo)
      return field.hasMany ? `[${t}!]` : t
    }
    case 'join': {
      ctx.plan.joins.push({
        type: parent,
        field: field.name,
        collection: ctx.owner!.collection,
        path: [...ctx.owner!.path, field.name].join('.'),
      })
      return ctx.b.add(
        own,
        `${desc(`The documents of "${field.collection}" relating to this one.`)}type ${own} {\n  docs: [${docType(ctx, field.collection)}!]\n  hasNextPage: Boolean\n  totalDocs: Int\n}`,
      )
    }
    case 'group': {
      if (!someField(field.fields, (f) => f.type === 'join'))
        return objectType(ctx, field.interfaceName ?? own, field.fields, false, field.label)
      ctx.plan.joinGroups.push({ type: parent, field: field.name })
      const owner = ctx.owner
      ctx.owner = owner && { ...owner, path: [...owner.path, field.name] }
      const t = objectType(ctx, field.interfaceName ?? own, field.fields, false, field.label)
      ctx.owner = owner
      return t
    }
    case 'array':
      return `[${objectType(ctx, field.interfaceName ?? own, field.fields, true, field.label)}!]`
    case 'blocks': {
      const members = field.blocks.map((bl) => {
        const name = bl.interfaceName ?? `${own}_${typeName(bl.slug)}`
        return objectType(ctx, name, bl.fields, true, undefined, [
          '  blockType: String',
          '  blockName: String',
        ])
      })
      ctx.plan.unions.set(own, {
        by: 'blockType',
        members: new Map(field.blocks.map((bl, i) => [bl.slug, members[i]])),
      })
      const union = ctx.b.add(own, `union ${own} = ${members.join(' | ')}`)
      return `[${union}!]`
    }
  }
}

function objectType(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  row: boolean,
  description?: string,
  extra: string[] = [],
): string {
  if (ctx.b.has(name)) return name
  ctx.b.add(name, '') // reserve (recursive relations)
  const lines = row ? ['  id: String', ...extra] : [...extra]
  for (const f of fields) {
    if (f.hidden) continue
    // As Payload: a relationship reads its documents in a locale and as drafts of its own choosing; a join field
    // takes the arguments of its page (as Payload's): where, limit, page, sort, count.
    const args =
      f.type === 'relationship'
        ? `(draft: Boolean${localeArgs(ctx)})`
        : f.type === 'join'
          ? `(where: ${docType(ctx, f.collection)}_where, limit: Int, page: Int, sort: String, count: Boolean)`
          : ''
    lines.push(
      `${desc(f.label && f.label !== f.name ? f.label : undefined, '  ')}  ${f.name}${args}: ${outputType(ctx, f, name)}`,
    )
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `${desc(description)}type ${name} {\n${lines.join('\n')}\n}`)
  return name
}

/** `, locale: …, fallbackLocale: …` where the config is localized. */
const localeArgs = (ctx: Ctx) =>
  ctx.config.localization
    ? ', locale: LocaleInputType, fallbackLocale: FallbackLocaleInputType'
    : ''

/** The input type of a field (`required` adds `!`). */
function inputType(ctx: Ctx, field: FlattenedField, parent: string, required: boolean): string {
  const own = `${parent}_${typeName(field.name)}`
  const bang = required ? '!' : ''
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'email':
      return field.type === 'text' && field.hasMany ? `[String!]${bang}` : `String${bang}`
    case 'number':
      return field.hasMany ? `[Float!]${bang}` : `Float${bang}`
    case 'checkbox':
      return `Boolean${bang}`
    case 'date':
      return `DateTime${bang}`
    case 'json':
    case 'richText':
    case 'blocks':
      return `JSON${bang}`
    case 'point':
      return `[Float!]${bang}`
    case 'select': {
      const e = enumType(
        ctx,
        `${field.interfaceName ?? `${parent.replace(/^mutation/, '').replace(/(Update)?Input$/, '')}_${field.name}`}`,
        field.options.map(optionValue),
      )
      return field.hasMany ? `[${e}!]${bang}` : `${e}${bang}`
    }
    case 'radio':
      return `${enumType(ctx, `${field.interfaceName ?? `${parent.replace(/^mutation/, '').replace(/(Update)?Input$/, '')}_${field.name}`}`, field.options.map(optionValue))}${bang}`
    case 'relationship': {
      if (Array.isArray(field.relationTo)) {
        const relationTo = enumType(ctx, `${own}_RelationTo`, field.relationTo)
        const t = ctx.b.add(
          `${own}_RelationshipInput`,
          `input ${own}_RelationshipInput {\n  relationTo: ${relationTo}!\n  value: ${relationGqlId(field)}!\n}`,
        )
        return field.hasMany ? `[${t}!]${bang}` : `${t}${bang}`
      }
      const id = relationGqlId(field)
      return field.hasMany ? `[${id}!]${bang}` : `${id}${bang}`
    }
    case 'join':
      return ''
    case 'group':
      return `${inputObject(ctx, `${own}Input`, field.fields, false, true)}${bang}`
    case 'array':
      return `[${inputObject(ctx, `${own}Input`, field.fields, true, true)}!]${bang}`
  }
}

function inputObject(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  row: boolean,
  requireds: boolean,
  extra: string[] = [],
): string {
  if (ctx.b.has(name)) return name
  ctx.b.add(name, '')
  const lines = row ? ['  id: String', ...extra] : [...extra]
  for (const f of fields) {
    // A join field is computed on read, a virtual one by hooks: no input.
    if (f.hidden || f.virtual || f.type === 'join') continue
    const required =
      requireds && Boolean(f.required) && f.defaultValue === undefined && !f.localized
    lines.push(`  ${f.name}: ${inputType(ctx, f, name, required)}`)
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `input ${name} {\n${lines.join('\n')}\n}`)
  return name
}

// ---- where ---------------------------------------------------------------------

function operatorInput(ctx: Ctx, name: string, scalar: string, ops: string[]): string {
  const lines = ops.map((op) => {
    if (op === 'in' || op === 'not_in' || op === 'all') return `  ${op}: [${scalar}]`
    if (op === 'exists') return '  exists: Boolean'
    if (op === 'like' || op === 'not_like') return `  ${op}: String`
    if (op === 'near') return '  near: [Float]'
    return `  ${op}: ${scalar}`
  })
  return ctx.b.add(name, `input ${name} {\n${lines.join('\n')}\n}`)
}

const TEXT_OPS = [
  'equals',
  'not_equals',
  'like',
  'not_like',
  'contains',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
]
const NUMBER_OPS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'in',
  'not_in',
  'all',
  'exists',
]
const EQ_OPS = ['equals', 'not_equals', 'in', 'not_in', 'all', 'exists']

/** The GraphQL type of an id kind: serial ids `Int`, custom number ids `Float`, text and UUID ids `String`. */
const gqlId = (kind: IdKind): string =>
  kind === 'integer' ? 'Int' : kind === 'number' ? 'Float' : 'String'

/** The type of the ids a relationship holds: its targets' one kind, or JSON when they differ. */
function relationGqlId(field: FlattenedField & { type: 'relationship' }): string {
  const targets = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo]
  const kinds = new Set(targets.map((t) => relationKindOf(field, t)))
  return kinds.size === 1 ? gqlId([...kinds][0]) : 'JSON'
}

function whereInput(
  ctx: Ctx,
  type: string,
  fields: FlattenedField[],
  timestamps: boolean,
  kind: IdKind = 'integer',
): string {
  const name = `${type}_where`
  const lines: string[] = [
    `  id: ${operatorInput(ctx, `${type}_id_operator`, gqlId(kind), kind === 'text' ? TEXT_OPS : NUMBER_OPS)}`,
  ]
  // Group fields nest as `group__field`; arrays, blocks and relations stop (their values are JSON here).
  traverseFields(fields, (f, path) => {
    if (f.hidden || f.virtual) return false
    const key = [...path, f.name].join('__')
    const opName = `${type}_${key}_operator`
    switch (f.type) {
      case 'group':
        return !f.localized
      case 'text':
      case 'textarea':
      case 'code':
      case 'email':
      case 'richText':
      case 'json':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, f.type === 'json' || f.type === 'richText' ? 'JSON' : 'String', TEXT_OPS)}`,
        )
        break
      case 'number':
        lines.push(`  ${key}: ${operatorInput(ctx, opName, 'Float', NUMBER_OPS)}`)
        break
      case 'checkbox':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, 'Boolean', ['equals', 'not_equals', 'exists'])}`,
        )
        break
      case 'date':
        lines.push(`  ${key}: ${operatorInput(ctx, opName, 'DateTime', NUMBER_OPS)}`)
        break
      case 'point':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, '[Float]', ['equals', 'not_equals', 'near', 'exists'])}`,
        )
        break
      case 'select':
      case 'radio': {
        const e = enumType(ctx, `${type}_${key}_Input`, f.options.map(optionValue))
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, e, f.type === 'select' && f.hasMany ? [...EQ_OPS, 'contains'] : EQ_OPS)}`,
        )
        break
      }
      case 'relationship':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, Array.isArray(f.relationTo) ? 'JSON' : relationGqlId(f), Array.isArray(f.relationTo) ? EQ_OPS : [...EQ_OPS, 'contains'])}`,
        )
        break
      case 'array':
      case 'blocks':
        lines.push(`  ${key}: ${operatorInput(ctx, opName, 'JSON', TEXT_OPS)}`)
        break
    }
    return false
  })
  if (timestamps) {
    lines.push(
      `  createdAt: ${operatorInput(ctx, `${type}_createdAt_operator`, 'DateTime', NUMBER_OPS)}`,
    )
    lines.push(
      `  updatedAt: ${operatorInput(ctx, `${type}_updatedAt_operator`, 'DateTime', NUMBER_OPS)}`,
    )
  }
  lines.push(`  AND: [${name}!]`, `  OR: [${name}!]`)
  return ctx.b.add(
    name,
    `${desc('Nested group fields are written with a double underscore: seo__title.')}input ${name} {\n${lines.join('\n')}\n}`,
  )
}

// ---- collections and globals -------------------------------------------------------

interface RootFields {
  query: string[]
  mutation: string[]
  /** The fields of the `Access` type: one per collection and global. */
  access: string[]
}

// ---- permissions (Payload's `Access` and `docAccess<Singular>`) -------------------------------------

/**
 * `<Slug>Access` and `<Slug>DocAccess`: each operation as `{ permission, where }` and the fields' permissions
 * (`<Slug>Fields`, one object per field with `create`, `read`, `update` and its children's `fields`).
 */
function permissionTypes(
  ctx: Ctx,
  type: string,
  fields: FlattenedField[],
  timestamps: boolean,
  operations: string[],
): { access: string; docAccess: string } {
  ctx.b.add(
    'AccessPermission',
    `${desc('An operation: allowed or not, and the Where its access function returned (for Access not evaluated; for one document, matched against it).')}type AccessPermission {\n  permission: Boolean!\n  where: JSON\n}`,
  )
  ctx.b.add('FieldAccessPermission', 'type FieldAccessPermission {\n  permission: Boolean!\n}')
  const fieldsType = fieldPermissionType(ctx, `${type}Fields`, fields, timestamps)
  const body = [...operations.map((op) => `  ${op}: AccessPermission`), `  fields: ${fieldsType}`]
  return {
    access: ctx.b.add(`${type}Access`, `type ${type}Access {\n${body.join('\n')}\n}`),
    docAccess: ctx.b.add(`${type}DocAccess`, `type ${type}DocAccess {\n${body.join('\n')}\n}`),
  }
}

function fieldPermissionType(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  timestamps: boolean,
): string {
  const lines: string[] = []
  for (const { name: field, field: f } of permissionFields(fields, timestamps)) {
    const own = [
      '  create: FieldAccessPermission',
      '  read: FieldAccessPermission',
      '  update: FieldAccessPermission',
    ]
    if (f?.type === 'group' || f?.type === 'array')
      own.push(`  fields: ${fieldPermissionType(ctx, `${name}_${field}_Fields`, f.fields, false)}`)
    lines.push(
      `  ${field}: ${ctx.b.add(`${name}_${field}`, `type ${name}_${field} {\n${own.join('\n')}\n}`)}`,
    )
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  return ctx.b.add(name, `type ${name} {\n${lines.join('\n')}\n}`)
}

function collection(ctx: Ctx, c: SanitizedCollection, root: RootFields): void {
  const { singular, plural } = collectionNames(c)
  const loc = localeArgs(ctx)
  // As Payload, every collection takes `draft` (it reads or writes drafts only with versions.drafts).
  const draft = ', draft: Boolean'
  const drafts = Boolean(c.versions && c.versions.drafts)
  const autosave = c.versions && c.versions.autosave ? ', autosave: Boolean' : ''
  // As Payload: every collection takes `trash` (nothing without trash: true), so `trash: false` is never an
  // unknown argument.
  const trash = ', trash: Boolean'
  const id = gqlId(idKind(c))
  const extra = [`  id: ${id}!`]
  if (c.timestamps) extra.push('  createdAt: DateTime', '  updatedAt: DateTime')
  if (c.auth) extra.push('  collection: String')
  // The API key (auth.useAPIKey) is answered once, by the write that set it; null on every read.
  const apiKey = c.auth && c.auth.useAPIKey ? ['  apiKey: String'] : []
  extra.push(...apiKey)
  ctx.owner = { collection: c.slug, path: [] }
  objectType(ctx, singular, c.flatFields, false, c.labels.singular, extra)
  ctx.owner = undefined
  ctx.b.add(
    plural,
    `type ${plural} {\n  docs: [${singular}!]!\n  totalDocs: Int!\n  limit: Int!\n  totalPages: Int!\n  page: Int!\n  pagingCounter: Int!\n  hasPrevPage: Boolean!\n  hasNextPage: Boolean!\n  prevPage: Int\n  nextPage: Int\n}`,
  )
  const where = whereInput(ctx, singular, c.flatFields, c.timestamps, idKind(c))
  const count = ctx.b.add(`count${plural}`, `type count${plural} {\n  totalDocs: Int!\n}`)
  const create = inputObject(
    ctx,
    `mutation${singular}Input`,
    c.flatFields,
    false,
    !drafts,
    c.auth
      ? ['  password: String!', ...apiKey]
      : c.idField
        ? [`  id: ${id}${c.idField.defaultValue === undefined ? '!' : ''}`]
        : [],
  )
  const update = inputObject(
    ctx,
    `mutation${singular}UpdateInput`,
    c.flatFields,
    false,
    false,
    // A custom id: ignored by an update, the copy's id for a duplicate.
    c.auth ? ['  password: String', ...apiKey] : c.idField ? [`  id: ${id}`] : [],
  )

  const meta = (type: 'Query' | 'Mutation', field: string, kind: GraphQLKind) =>
    ctx.plan.roots.push({ type, field, kind, collection: c.slug })
  meta('Query', singular, 'findByID')
  meta('Query', plural, 'find')
  meta('Query', `count${plural}`, 'count')
  meta('Mutation', `create${singular}`, 'create')
  meta('Mutation', `update${singular}`, 'update')
  meta('Mutation', `delete${singular}`, 'delete')
  if (c.auth) {
    meta('Query', `me${singular}`, 'me')
    for (const kind of [
      'login',
      'refreshToken',
      'logout',
      'forgotPassword',
      'resetPassword',
    ] as const)
      meta('Mutation', `${kind}${singular}`, kind)
  }
  root.query.push(
    `  ${singular}(id: ${id}!${draft}${trash}${loc}): ${singular}`,
    `  ${plural}(where: ${where}, limit: Int, page: Int, pagination: Boolean, sort: String${draft}${trash}${loc}): ${plural}`,
    `  count${plural}(where: ${where}${draft}${trash}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${count}`,
  )
  root.mutation.push(
    `  create${singular}(data: ${create}!${draft}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    `  update${singular}(id: ${id}!, data: ${update}!${autosave}${draft}${trash}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    `  delete${singular}(id: ${id}!${trash}): ${singular}`,
  )
  if (c.versionsCollection) {
    const version = versionTypes(ctx, singular, plural, c.versionsCollection)
    meta('Query', `version${singular}`, 'findVersionByID')
    meta('Query', `versions${plural}`, 'findVersions')
    meta('Mutation', `restoreVersion${singular}`, 'restoreVersion')
    root.query.push(
      `  version${singular}(id: Int${loc}): ${version.type}`,
      `  versions${plural}(where: ${version.where}, limit: Int, page: Int, pagination: Boolean, sort: String${loc}): ${version.list}`,
    )
    root.mutation.push(`  restoreVersion${singular}(id: Int, draft: Boolean): ${singular}`)
  }
  if (!c.disableDuplicate) {
    meta('Mutation', `duplicate${singular}`, 'duplicate')
    root.mutation.push(
      `  duplicate${singular}(id: ${id}!, data: ${update}${draft}${trash}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    )
  }
  const access = permissionTypes(ctx, typeName(c.slug), c.flatFields, c.timestamps, [
    'create',
    'read',
    'update',
    'delete',
    ...(c.versions ? ['readVersions'] : []),
  ])
  root.access.push(`  ${enumValueName(c.slug)}: ${access.access}`)
  meta('Query', `docAccess${singular}`, 'docAccess')
  root.query.push(`  docAccess${singular}(id: ${id}!): ${access.docAccess}`)
  if (c.auth) {
    const slugType = typeName(c.slug)
    const me = ctx.b.add(
      `${slugType}Me`,
      `type ${slugType}Me {\n  user: ${singular}\n  exp: Int\n  token: String\n  collection: String\n  strategy: String\n}`,
    )
    const login = ctx.b.add(
      `${slugType}LoginResult`,
      `type ${slugType}LoginResult {\n  exp: Int\n  token: String\n  user: ${singular}\n}`,
    )
    const refreshed = ctx.b.add(
      `${slugType}Refreshed${singular}`,
      `type ${slugType}Refreshed${singular} {\n  exp: Int\n  refreshedToken: String\n  user: ${singular}\n}`,
    )
    const reset = ctx.b.add(
      `${slugType}ResetPassword`,
      `type ${slugType}ResetPassword {\n  token: String\n  user: ${singular}\n}`,
    )
    // With loginWithUsername: username, or (allowEmailLogin) either one, checked by the server.
    const byName = c.auth.loginWithUsername
    const names = byName
      ? byName.allowEmailLogin
        ? 'email: String, username: String'
        : 'username: String!'
      : 'email: String!'
    root.query.push(`  me${singular}: ${me}`)
    root.mutation.push(
      `  login${singular}(${names}, password: String!): ${login}`,
      `  refreshToken${singular}: ${refreshed}`,
      `  logout${singular}(allSessions: Boolean): String`,
      `  forgotPassword${singular}(${names}): Boolean!`,
      `  resetPassword${singular}(password: String!, token: String!): ${reset}`,
    )
  }
  // Payload's names: `initializedUser`, `verifyEmailUser(token)` (auth.verify), `unlockUser(email)` (with lockouts).
  if (c.auth) {
    meta('Query', `initialized${singular}`, 'init')
    root.query.push(`  initialized${singular}: Boolean`)
    if (c.auth.verify) {
      meta('Mutation', `verifyEmail${singular}`, 'verifyEmail')
      root.mutation.push(`  verifyEmail${singular}(token: String!): Boolean`)
    }
    if (c.auth.maxLoginAttempts > 0) {
      meta('Mutation', `unlock${singular}`, 'unlock')
      root.mutation.push(`  unlock${singular}(email: String!): Boolean!`)
    }
  }
}

function global(ctx: Ctx, g: SanitizedGlobal, root: RootFields): void {
  const name = globalName(g)
  const loc = localeArgs(ctx)
  objectType(ctx, name, g.flatFields, false, g.label, [
    '  globalType: String',
    '  createdAt: DateTime',
    '  updatedAt: DateTime',
  ])
  const input = inputObject(ctx, `mutation${name}Input`, g.flatFields, false, false)
  const autosave = g.versions && g.versions.autosave ? ', autosave: Boolean' : ''
  ctx.plan.roots.push(
    { type: 'Query', field: name, kind: 'findGlobal', global: g.slug },
    { type: 'Mutation', field: `update${name}`, kind: 'updateGlobal', global: g.slug },
  )
  const access = permissionTypes(ctx, typeName(g.slug), g.flatFields, true, [
    'read',
    'update',
    ...(g.versions ? ['readVersions'] : []),
  ])
  root.access.push(`  ${enumValueName(g.slug)}: ${access.access}`)
  ctx.plan.roots.push({
    type: 'Query',
    field: `docAccess${name}`,
    kind: 'docAccess',
    global: g.slug,
  })
  root.query.push(
    `  ${name}(draft: Boolean${loc}): ${name}`,
    `  docAccess${name}: ${access.docAccess}`,
  )
  root.mutation.push(
    `  update${name}(data: ${input}!${autosave}, draft: Boolean${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${name}`,
  )
  if (!g.versionsCollection) return
  // Payload's names: versionSiteSetting, versionsSiteSetting (list type of the same name), restoreVersionSiteSetting.
  const version = versionTypes(ctx, name, name, g.versionsCollection)
  ctx.plan.roots.push(
    { type: 'Query', field: `version${name}`, kind: 'findGlobalVersionByID', global: g.slug },
    { type: 'Query', field: `versions${name}`, kind: 'findGlobalVersions', global: g.slug },
    {
      type: 'Mutation',
      field: `restoreVersion${name}`,
      kind: 'restoreGlobalVersion',
      global: g.slug,
    },
  )
  root.query.push(
    `  version${name}(id: Int${loc}): ${version.type}`,
    `  versions${name}(where: ${version.where}, limit: Int, page: Int, pagination: Boolean, sort: String${loc}): ${version.list}`,
  )
  root.mutation.push(`  restoreVersion${name}(id: Int, draft: Boolean): ${name}`)
}

/**
 * The types of a versions collection, named as Payload names them: `<Singular>Version` (with `version` of type
 * `<Singular>Version_Version`), its page `versions<Plural>` and its where input `versions<Singular>_where`
 * (`version__title`, `parent`, `latest`…).
 */
function versionTypes(ctx: Ctx, singular: string, plural: string, versions: SanitizedCollection) {
  const type = objectType(ctx, `${singular}Version`, versions.flatFields, false, undefined, [
    '  id: Int!',
    '  createdAt: DateTime',
    '  updatedAt: DateTime',
  ])
  const list = ctx.b.add(
    `versions${plural}`,
    `type versions${plural} {\n  docs: [${type}!]!\n  totalDocs: Int!\n  limit: Int!\n  totalPages: Int!\n  page: Int!\n  pagingCounter: Int!\n  hasPrevPage: Boolean!\n  hasNextPage: Boolean!\n  prevPage: Int\n  nextPage: Int\n}`,
  )
  const where = whereInput(ctx, `versions${singular}`, versions.flatFields, true)
  return { type, list, where }
}

/** Compiles the config into the GraphQL SDL. */
export function compileSDL(config: SanitizedConfig): string {
  return compileGraphQL(config).sdl
}

/** The SDL and the plan the server executes it with. */
export function compileGraphQL(config: SanitizedConfig): { sdl: string; plan: GraphQLPlan } {
  const plan: GraphQLPlan = {
    relations: [],
    joins: [],
    joinGroups: [],
    unions: new Map(),
    enums: new Map(),
    roots: [],
  }
  const ctx: Ctx = { config, b: new Builder(), plan }
  ctx.b.add('JSON', `${desc('Any JSON value.')}scalar JSON`)
  ctx.b.add('DateTime', `${desc('An ISO 8601 date-time string.')}scalar DateTime`)
  if (config.localization) {
    enumType(ctx, 'LocaleInputType', [...config.localization.localeCodes])
    enumType(ctx, 'FallbackLocaleInputType', [...config.localization.localeCodes, 'none'])
  }
  const root: RootFields = { query: [], mutation: [], access: [] }
  for (const c of config.collections) collection(ctx, c, root)
  for (const g of config.globals) global(ctx, g, root)
  // The caller's permissions everywhere (Payload's root `Access`); there is no admin panel to access.
  ctx.b.add(
    'Access',
    `type Access {\n  canAccessAdmin: Boolean!\n${root.access.join('\n')}${root.access.length ? '\n' : ''}}`,
  )
  plan.roots.push({ type: 'Query', field: 'Access', kind: 'access' })
  root.query.push('  Access: Access')
  if (root.query.length === 0) root.query.push('  _empty: Boolean')
  const head = '# Compiled from the CMS config. Do not edit: run `npm run generate`.\n\n'
  const mutation = root.mutation.length ? `\n\ntype Mutation {\n${root.mutation.join('\n')}\n}` : ''
  return {
    sdl: `${head}${ctx.b.toString()}\n\ntype Query {\n${root.query.join('\n')}\n}${mutation}\n`,
    plan,
  }
}

/**
 * `generated/graphql/roots.ts`: every root field of the schema with the resolver kind the server binds to it
 * (`http/graphql.ts`, a table typed exhaustive over `GraphQLKind`). The literal `satisfies` the root resolver
 * types graphql-codegen generated from the same SDL, so a generated root field the server would leave unbound,
 * or a binding to a kind it does not serve, fails `npm run typecheck`.
 */
export function generateGraphQLRoots(config: SanitizedConfig): string {
  const { plan } = compileGraphQL(config)
  const table = (type: 'Query' | 'Mutation') =>
    plan.roots
      .filter((r) => r.type === type)
      .map((r) => `    ${JSON.stringify(r.field)}: ${JSON.stringify(r.kind)},`)
      .join('\n')
  return `// Generated by \`npm run generate\` from the CMS config. Do not edit.
import type { GraphQLKind } from '../../server/contracts/kinds.ts'
import type { MutationResolvers, QueryResolvers } from './resolvers.ts'

/** Root field → the kind of resolver the server binds to it. */
export const roots = {
  Query: {
${table('Query')}
  },
  Mutation: {
${table('Mutation')}
  },
} as const satisfies {
  Query: Record<keyof QueryResolvers, GraphQLKind>
  Mutation: Record<keyof MutationResolvers, GraphQLKind>
}
`
}
