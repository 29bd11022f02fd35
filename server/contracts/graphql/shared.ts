/**
 * What every part of the GraphQL compiler shares: the SDL builder, the plan the server executes the schema with,
 * the compile context, enum and document type names, id types and the locale arguments.
 */
import type { GraphQLKind } from '../../config/kinds.ts'
import type { SdlRelation } from '../../fields/types.ts'
import type { FlattenedField, IdKind, SanitizedConfig } from '../../config/types.ts'
import { collectionNames } from '../../config/names.ts'
import { targetCollection } from '../refs.ts'

const NAME_RE = /^[_A-Za-z][_0-9A-Za-z]*$/
const RESERVED_ENUM = new Set(['true', 'false', 'null'])

/** An option value as a GraphQL enum value name: invalid characters become `_`, a leading digit gets `_`. */
export function enumValueName(value: string): string {
  let name = value.replace(/[^_0-9A-Za-z]/g, '_')
  if (!NAME_RE.test(name) || RESERVED_ENUM.has(name)) name = `_${name}`
  return name
}

export class Builder {
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

export const desc = (text: string | undefined, indent = '') =>
  text ? `${indent}"""${text.replace(/"""/g, "'''")}"""\n` : ''

/** What the server needs besides the SDL to execute it: relation fields, union members, enum value names. */
export interface GraphQLPlan {
  relations: SdlRelation[]
  /** Rich-text fields (the type and field serving each): their JSON is populated to the field's `depth`. */
  richTexts: { type: string; field: FlattenedField }[]
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

export interface Ctx {
  config: SanitizedConfig
  b: Builder
  plan: GraphQLPlan
  /** The collection whose types are being compiled, and the path of the current group in it (join fields). */
  owner?: { collection: string; path: string[] }
}

export function enumType(ctx: Ctx, name: string, values: string[]): string {
  ctx.plan.enums.set(name, new Map(values.map((v) => [enumValueName(v), v])))
  return ctx.b.add(
    name,
    `enum ${name} {\n${values.map((v) => `  ${enumValueName(v)}`).join('\n')}\n}`,
  )
}

export function docType(ctx: Ctx, slug: string): string {
  return collectionNames(targetCollection(ctx.config, slug)).singular
}

/** `, locale: …, fallbackLocale: …` where the config is localized. */
export const localeArgs = (ctx: Ctx) =>
  ctx.config.localization
    ? ', locale: LocaleInputType, fallbackLocale: FallbackLocaleInputType'
    : ''

/** The GraphQL type of an id kind: serial ids `Int`, custom number ids `Float`, text and UUID ids `String`. */
export const gqlId = (kind: IdKind): string =>
  kind === 'integer' ? 'Int' : kind === 'number' ? 'Float' : 'String'

/** The type of ids of these kinds: their one kind's, or JSON when they differ. */
export const idsGqlType = (kinds: IdKind[]): string =>
  new Set(kinds).size === 1 ? gqlId(kinds[0]) : 'JSON'

export interface RootFields {
  query: string[]
  mutation: string[]
  /** The fields of the `Access` type: one per collection and global. */
  access: string[]
}
