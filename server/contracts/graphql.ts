import type { GraphQLKind } from './kinds.ts'
import { optionValue, traverseFields } from '../config/fields.ts'
import type {
  FlattenedField,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
} from '../config/types.ts'
import { collectionNames, globalName, typeName } from '../config/names.ts'

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
  }[]
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
    case 'group':
      return objectType(ctx, field.interfaceName ?? own, field.fields, false, field.label)
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
    lines.push(
      `${desc(f.label && f.label !== f.name ? f.label : undefined, '  ')}  ${f.name}: ${outputType(ctx, f, name)}`,
    )
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `${desc(description)}type ${name} {\n${lines.join('\n')}\n}`)
  return name
}

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
          `input ${own}_RelationshipInput {\n  relationTo: ${relationTo}!\n  value: Int!\n}`,
        )
        return field.hasMany ? `[${t}!]${bang}` : `${t}${bang}`
      }
      return field.hasMany ? `[Int!]${bang}` : `Int${bang}`
    }
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
    if (f.hidden) continue
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
    if (op === 'like') return '  like: String'
    if (op === 'near') return '  near: [Float]'
    return `  ${op}: ${scalar}`
  })
  return ctx.b.add(name, `input ${name} {\n${lines.join('\n')}\n}`)
}

const TEXT_OPS = [
  'equals',
  'not_equals',
  'like',
  'contains',
  'in',
  'not_in',
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
  'exists',
]
const EQ_OPS = ['equals', 'not_equals', 'in', 'not_in', 'exists']

function whereInput(ctx: Ctx, type: string, fields: FlattenedField[], timestamps: boolean): string {
  const name = `${type}_where`
  const lines: string[] = [`  id: ${operatorInput(ctx, `${type}_id_operator`, 'Int', NUMBER_OPS)}`]
  // Group fields nest as `group__field`; arrays, blocks and relations stop (their values are JSON here).
  traverseFields(fields, (f, path) => {
    if (f.hidden) return false
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
          `  ${key}: ${operatorInput(ctx, opName, Array.isArray(f.relationTo) ? 'JSON' : 'Int', Array.isArray(f.relationTo) ? EQ_OPS : [...EQ_OPS, 'contains'])}`,
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
}

function collection(ctx: Ctx, c: SanitizedCollection, root: RootFields): void {
  const { singular, plural } = collectionNames(c)
  const drafts = Boolean(c.versions && c.versions.drafts)
  const loc = ctx.config.localization
    ? ', locale: LocaleInputType, fallbackLocale: FallbackLocaleInputType'
    : ''
  const draft = drafts ? ', draft: Boolean' : ''
  const extra = ['  id: Int!']
  if (c.timestamps) extra.push('  createdAt: DateTime', '  updatedAt: DateTime')
  if (c.auth) extra.push('  collection: String')
  objectType(ctx, singular, c.flatFields, false, c.labels.singular, extra)
  ctx.b.add(
    plural,
    `type ${plural} {\n  docs: [${singular}!]!\n  totalDocs: Int!\n  limit: Int!\n  totalPages: Int!\n  page: Int!\n  pagingCounter: Int!\n  hasPrevPage: Boolean!\n  hasNextPage: Boolean!\n  prevPage: Int\n  nextPage: Int\n}`,
  )
  const where = whereInput(ctx, singular, c.flatFields, c.timestamps)
  const count = ctx.b.add(`count${plural}`, `type count${plural} {\n  totalDocs: Int!\n}`)
  const create = inputObject(
    ctx,
    `mutation${singular}Input`,
    c.flatFields,
    false,
    !drafts,
    c.auth ? ['  password: String!'] : [],
  )
  const update = inputObject(
    ctx,
    `mutation${singular}UpdateInput`,
    c.flatFields,
    false,
    false,
    c.auth ? ['  password: String'] : [],
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
    `  ${singular}(id: Int!${draft}${loc}): ${singular}`,
    `  ${plural}(where: ${where}, limit: Int, page: Int, pagination: Boolean, sort: String${draft}${loc}): ${plural}`,
    `  count${plural}(where: ${where}${draft}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${count}`,
  )
  root.mutation.push(
    `  create${singular}(data: ${create}!${draft}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    `  update${singular}(id: Int!, data: ${update}!${draft}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    `  delete${singular}(id: Int!): ${singular}`,
  )
  if (c.auth) {
    const slugType = typeName(c.slug)
    const me = ctx.b.add(
      `${slugType}Me`,
      `type ${slugType}Me {\n  user: ${singular}\n  exp: Int\n  token: String\n  collection: String\n}`,
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
}

function global(ctx: Ctx, g: SanitizedGlobal, root: RootFields): void {
  const name = globalName(g)
  const loc = ctx.config.localization
    ? '(locale: LocaleInputType, fallbackLocale: FallbackLocaleInputType)'
    : ''
  objectType(ctx, name, g.flatFields, false, g.label, [
    '  globalType: String',
    '  createdAt: DateTime',
    '  updatedAt: DateTime',
  ])
  const input = inputObject(ctx, `mutation${name}Input`, g.flatFields, false, false)
  ctx.plan.roots.push(
    { type: 'Query', field: name, kind: 'findGlobal', global: g.slug },
    { type: 'Mutation', field: `update${name}`, kind: 'updateGlobal', global: g.slug },
  )
  root.query.push(`  ${name}${loc}: ${name}`)
  root.mutation.push(
    `  update${name}(data: ${input}!${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${name}`,
  )
}

/** Compiles the config into the GraphQL SDL. */
export function compileSDL(config: SanitizedConfig): string {
  return compileGraphQL(config).sdl
}

/** The SDL and the plan the server executes it with. */
export function compileGraphQL(config: SanitizedConfig): { sdl: string; plan: GraphQLPlan } {
  const plan: GraphQLPlan = { relations: [], unions: new Map(), enums: new Map(), roots: [] }
  const ctx: Ctx = { config, b: new Builder(), plan }
  ctx.b.add('JSON', `${desc('Any JSON value.')}scalar JSON`)
  ctx.b.add('DateTime', `${desc('An ISO 8601 date-time string.')}scalar DateTime`)
  if (config.localization) {
    enumType(ctx, 'LocaleInputType', [...config.localization.localeCodes])
    enumType(ctx, 'FallbackLocaleInputType', [...config.localization.localeCodes, 'none'])
  }
  const root: RootFields = { query: [], mutation: [] }
  for (const c of config.collections) collection(ctx, c, root)
  for (const g of config.globals) global(ctx, g, root)
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
