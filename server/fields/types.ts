import type {
  CmsRequest,
  Field,
  FlattenedField,
  FlattenedGroupField,
  ID,
  IdKind,
  SanitizedConfig,
} from '../config/types.ts'
import type { NodeRelation } from '../richtext/relations.ts'

/**
 * A field type is one module: everything the layers need to know about a type, asked through the registry
 * (`registry.ts`) instead of switching on the type's name. The layers hand a module what it may call back (a
 * kit: the contract compilers' builders, the validator's recursion), so this layer imports from config (and
 * Lexical's node shapes, richtext/) only.
 */

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type Schema = Record<string, unknown>
export type SchemaMode = 'read' | 'input'

/** The column a value takes in its collection's table (db/schema.ts turns it into DDL). */
export type ColumnType =
  | { type: 'double' }
  | { type: 'boolean' }
  | { type: 'string'; length: number; holds?: 'date' | 'uuid' }
  | { type: 'text' }
  | { type: 'id'; kind: IdKind }

/** How the where compiler compares a stored value: the operand coercion and the operators that apply. */
export type WhereKind = 'text' | 'number' | 'boolean' | 'date' | 'id' | 'uuid'

/** What the OpenAPI compiler (contracts/schemas.ts) lends a module building a value's JSON Schema. */
export interface SchemaKit {
  config: SanitizedConfig
  mode: SchemaMode
  /** `$ref` to a named component. */
  ref(name: string): Schema
  /** Registers a named component (read mode) and answers its `$ref`. */
  component(name: string, schema: Schema): Schema
  /** The object schema of nested fields (rows carry their `id`). */
  object(fields: FlattenedField[], interfaceName: string | undefined, row: boolean): Schema
  /** The `$ref` of a collection's document schema. */
  docRef(slug: string): Schema
  /** The schema of an id of a kind. */
  idSchema(kind: IdKind): Schema
  /** A where operator object over values of `value` (equals, in, like, …). */
  operators(value: Schema): Schema
}

/** Where paths a field adds to its collection's Where schema (`add`), and path patterns past them (`beyond`). */
export interface WherePathKit {
  add(path: string[], schema: Schema): void
  /** Paths continuing past `path` (any rest, or one matching `rest`) take any operator. */
  beyond(path: string[], rest?: string): void
  ref(name: string): Schema
}

/** A GraphQL relation the server resolves (the plan of contracts/graphql/shared.ts). */
export interface SdlRelation {
  type: string
  field: string
  relationTo: string | string[]
  hasMany: boolean
  maxRows?: number
  /** A polymorphic relation's own field (`value` resolves under it): where its arguments are given. */
  holder?: { type: string; field: string }
}

/** What the SDL compiler (contracts/graphql/) lends a module building a field's GraphQL types. */
export interface SdlKit {
  /** Adds a named type once (the first definition wins) and answers its name. */
  add(name: string, sdl: string): string
  /** An enum of option values (names made valid), recorded for the server. */
  enum(name: string, values: string[]): string
  /** A collection's document type name. */
  docType(slug: string): string
  /** The GraphQL type of the ids a field may hold of these targets (`JSON` when their kinds differ). */
  idType(kinds: IdKind[]): string
  /** The object type of nested fields. */
  object(
    name: string,
    fields: FlattenedField[],
    row: boolean,
    label?: string,
    extra?: string[],
  ): string
  /** The input type of nested fields. */
  input(name: string, fields: FlattenedField[], row: boolean): string
  /** An operator input over a scalar. */
  operators(name: string, scalar: string, ops: readonly string[]): string
  /** `, locale: …, fallbackLocale: …` where the config is localized. */
  localeArgs: string
  /** Plan entries: a relation to resolve, a union and how its members are picked, a join field. */
  relation(r: SdlRelation): void
  union(name: string, by: 'blockType' | 'collection', members: Map<string, string>): void
  join(type: string, field: string): void
  /** A rich-text field of type `type` the server populates to its `depth` argument. */
  richText(type: string, field: FlattenedField): void
  /** The object type `name` of a group of `parent` (join fields below it resolve with the document's id). */
  group(parent: string, field: FlattenedGroupField, name: string): string
  /** A description line for SDL. */
  describe(text: string): string
}

/** What the TypeScript emitter (contracts/typescript.ts) lends a module. */
export interface TsKit {
  config: SanitizedConfig
  docName(slug: string): string
  idType(slug: string): string
  object(fields: FlattenedField[], extra?: string[]): string
  /** Names an interface (once) and answers the name. */
  named(name: string, body: string): string
  /** Names a type alias (once) and answers the name. */
  alias(name: string, type: string): string
}

/** An SDK document's selection of a field (contracts/documents.ts). */
export interface SelectionKit {
  docType(slug: string): string
  /** The selection of nested fields of type `parent`, indented by `indent` past the field's own depth. */
  fields(fields: FlattenedField[], parent: string, indent: string): string
  /** The field's own indentation. */
  depth: string
}

/** A value checked: `{ value }` (possibly normalised) or the error message. */
export type Checked = { value: unknown } | string

/** What the validator (local/fields/validate.ts) lends a module. */
export interface ValidateKit {
  /** The value's dotted path. */
  path: string
  req: CmsRequest
  /** The document written (its id on update), and the object holding the value. */
  id?: ID
  data: Record<string, unknown>
  sibling: Record<string, unknown>
  /**
   * Validates the data of nested fields (keys in `allowed` pass through); errors are recorded, not thrown. `whole`:
   * data written whole each time (the fields of rich-text nodes), whose required fields bind on every write,
   * update and draft alike, as the contract's schemas of them say.
   */
  fields(
    fields: FlattenedField[],
    data: Record<string, unknown>,
    path: string,
    allowed: Set<string>,
    whole?: boolean,
  ): Promise<Record<string, unknown>>
  /** Fills the `defaultValue`s of missing nested fields, as a create does (rich text's blocks are new each write). */
  defaults(fields: FlattenedField[], data: Record<string, unknown>): Promise<void>
  /** Records an error at a path. */
  push(path: string, message: string): void
  /** Records an id whose document must exist (checked per collection after validation), and takes it back. */
  reference(slug: string, id: ID, path: string): void
  unreference(slug: string, id: ID, path: string): void
}

/** What the config checker (config/sanitize/fields.ts) lends a module. */
export interface CheckKit {
  /** Where the field is (`collection "posts", field "meta.title"`). */
  at: string
  /** Throws the startup error for this field (`at` is prefixed). */
  fail(message: string): never
  /** The collections of the config. */
  slugs: Set<string>
  /** Whether the field is a document's own (not in array or blocks rows). */
  topLevel: boolean
  /** Checks nested fields (`path`: their path past the field's, `topLevel`: as above) and flattens them. */
  fields(fields: Field[], path: string, topLevel: boolean): FlattenedField[]
}

/** Documents a field points at (relationship, upload): the registry's relational capability. */
export interface Relation {
  /** The collections it may point at. */
  targets: string[]
  /** A polymorphic relation holds `{ relationTo, value }`. */
  polymorphic: boolean
  hasMany: boolean
  /** Its targets must be upload collections (an upload field). */
  uploads: boolean
  /** The deepest level at which its documents are populated, if the field bounds it. */
  maxDepth?: number
}

/** What population finds inside a value: its relations, and data to walk with fields of its own (blocks). */
export interface NestedRelations {
  /** The documents its nodes point at (Lexical's relationship, upload and link nodes). */
  relations: NodeRelation[]
  nested: { fields: FlattenedField[]; data: Record<string, unknown> }[]
  /** Bounds the population of everything found in the value, nested data's relations too. */
  maxDepth?: number
}

/**
 * One field type. Every facet but `name` is optional where the type has nothing to say (a layout type stores
 * nothing; a scalar has no nested fields); the registry's defaults apply then.
 */
export interface FieldType<F extends { type: string } = FlattenedField> {
  name: string
  // ---- storage (db/) ----
  /** Stored as one JSON value (not in columns of its own). Default: false. */
  jsonStored?(field: F): boolean
  /** The column of a value not stored as JSON. Default: text. */
  column?(field: F): ColumnType
  /** How a stored value (not null) reads in its document form, decided once per field. Default: as stored. */
  reader?(field: F): (stored: unknown) => unknown
  /** How the where compiler compares the value. Default: text. */
  whereKind?(field: F): WhereKind
  /** A JSON document queried by paths into it (json, rich text). */
  document?: boolean
  /** `like`, `not_like` and `contains` on the document itself match its text (rich text), not its JSON. */
  textContent?: boolean
  /** Paths into the document may compare booleans too (json). */
  whereBooleans?: boolean
  /** `contains` on a list of its values matches a whole value (an option), not a substring. */
  containsIsEquals?: boolean
  /** Keys every row of the value has besides its fields (array: `id`; blocks: `blockType`, `blockName`, `id`). */
  rowKeys?: readonly string[]
  /** Stored as `[lng, lat]` in two number columns, queried by the geo operators (`near`). */
  geo?: boolean
  /** Never stored nor written: computed on read (join fields). */
  computed?: boolean
  /** A list that reads as `[]` when nothing is stored, as Payload's SQL adapters answer it (hasMany values, arrays). */
  emptyList?(field: F): boolean
  // ---- contracts/ ----
  /** The row bounds a hasMany value's input schema declares; default the field's `minRows`/`maxRows`. */
  manyBounds?(field: F): { minRows?: number; maxRows?: number }
  /** A string value: a required one refuses "" (the input schemas say minLength 1). */
  nonEmpty?: boolean
  /** The JSON Schema of one value (before hasMany, localization and null). */
  schema(field: F, kit: SchemaKit): Schema
  /** The Where schema of the field's own path, or undefined when it cannot be queried. */
  whereSchema?(field: F, kit: Pick<SchemaKit, 'ref' | 'operators'>): Schema | undefined
  /** Where paths besides the field's own (array row ids, a polymorphic relation's keys, json paths). */
  wherePaths?(field: F, path: string[], kit: WherePathKit): void
  /** A sentence the SDL adds to the output field's description (after the field's own). */
  outputDescription?(field: F): string
  /** The GraphQL output type (nullable) of the field in `parent`. */
  output(field: F, parent: string, kit: SdlKit): string
  /** Arguments of the output field (`(draft: Boolean)`) in type `parent`, if any. */
  outputArgs?(field: F, kit: SdlKit, parent: string): string
  /** The GraphQL input type (without `!`); undefined when the field takes no input. */
  input(field: F, parent: string, kit: SdlKit): string | undefined
  /** The GraphQL where operator input of the field (`key`: its `__` path), or undefined. */
  whereInput?(field: F, key: string, type: string, kit: SdlKit): string | undefined
  /** The TypeScript type of a value. */
  typescript(field: F, kit: TsKit): string
  /** An SDK selection of the field; default: its name. */
  selection?(field: F, parent: string, kit: SelectionKit): string
  // ---- local/ ----
  /** The value itself is an object (group, json, rich text, a polymorphic relation's pair), not a locale map. */
  holdsObject?(field: F): boolean
  /** Checks (and normalises) a non-empty value. */
  validate(field: F, value: unknown, kit: ValidateKit): Checked | Promise<Checked>
  // ---- config/ ----
  /** A type that may hold many values (`hasMany`): how the option check names it, and one of its values. */
  many?: { what: string; one: string }
  /** Startup checks of the field's own keys; throws ConfigError. */
  check?(field: F, kit: CheckKit): void
  /** The documents the field points at, for relational types. */
  relation?(field: F): Relation
  /** The documents a value points at from inside it (rich-text nodes), found per value when populating. */
  valueRelations?(field: F, value: unknown): NestedRelations
  /** The field as the sanitiser keeps it, its nested fields flattened (default: the field itself). */
  flatten?(field: F, flatten: (fields: Field[]) => FlattenedField[]): FlattenedField
  /** The fields under the field (groups, array rows, every block's); walks use it. */
  children?(field: F): FlattenedField[]
  /** The fields of one row of the value (arrays, blocks). */
  rowFields?(field: F, row: unknown): FlattenedField[] | undefined
}
