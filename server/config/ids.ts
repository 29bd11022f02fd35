import { ConfigError } from '../errors/config-error.ts'
import { relationOf } from '../fields/registry.ts'
import { traverseFields } from './fields.ts'
import type {
  Field,
  FlattenedField,
  IdKind,
  IdType,
  NumberField,
  SanitizedCollection,
  SanitizedConfig,
  TextField,
} from './types.ts'

/**
 * A relationship as the sanitiser marks it (not a config option): the id kind of each collection `relationTo`
 * names.
 */
type Annotated = { relationIdKinds?: Record<string, IdKind> }

/** The value kind of each way of holding ids. */
const ID_KINDS: Record<IdType, IdKind> = {
  serial: 'integer',
  number: 'number',
  uuid: 'uuid',
  text: 'text',
}

/** The value kind of a collection's ids. */
export function idKind(c: { idType: IdType }): IdKind {
  return ID_KINDS[c.idType]
}

/** Whether ids of a kind are strings (text and UUID ids). */
export const stringIds = (kind: IdKind): boolean => kind === 'text' || kind === 'uuid'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A UUID in its canonical form (lower case, as `randomUUID()` makes them and PostgreSQL prints them), or undefined
 * for anything that is not one: a `uuid` column refuses it (SQLSTATE 22P02), so it is decided here, before SQL.
 */
export function uuidOf(v: unknown): string | undefined {
  return typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : undefined
}

/** The kind of the ids a relationship holds for `slug` (integer when not annotated: internal collections). */
export function relationKindOf(field: object, slug: string): IdKind {
  return (field as Annotated).relationIdKinds?.[slug] ?? 'integer'
}

/**
 * The kind a column holding the relation stores: the targets' common kind, or text when they differ (a
 * polymorphic relation to collections with integer and text ids stores `"5"` and `"a1"`; reads give each value
 * back in its target's kind).
 */
export function relationStoredKind(field: object): IdKind {
  return storage(field).kind
}

/**
 * Whether the relation stores UUIDs among ids of another kind, all as text (`relationStoredKind` text, a UUID
 * target): there an upper-case UUID operand may be a UUID (stored lower-cased) or a text id spelt so.
 */
export function uuidsStoredAsText(field: object): boolean {
  return storage(field).uuidsAsText
}

interface Storage {
  kind: IdKind
  uuidsAsText: boolean
}
const INTERNAL: Storage = { kind: 'integer', uuidsAsText: false }
/**
 * How a relation's values are stored. Asked for every relation value read and every condition compiled: worked out
 * once per field (a sanitised field does not change; annotating it again makes a new annotation object, and so a
 * new entry). Unmarked (internal collections): integer ids, as relationKindOf says.
 */
function storage(field: object): Storage {
  const annotation = (field as Annotated).relationIdKinds
  if (!annotation) return INTERNAL
  let stored = storedKinds.get(annotation)
  if (stored === undefined) {
    const kinds = new Set(Object.values(annotation))
    const kind = kinds.size === 1 ? [...kinds][0]! : 'text'
    stored = { kind, uuidsAsText: kinds.size > 1 && kinds.has('uuid') }
    storedKinds.set(annotation, stored)
  }
  return stored
}
const storedKinds = new WeakMap<Record<string, IdKind>, Storage>()

/** A stored id (a column or JSON value) in its kind: numbers for integer and number ids, strings for text ids. */
export function readId(kind: IdKind, v: unknown): number | string {
  return stringIds(kind) ? String(v) : typeof v === 'number' ? v : Number(v)
}

/**
 * The custom `id` field of a collection's fields (Payload's custom ID: a top-level `text` or `number` field named
 * `id`), checked, and the fields without it.
 */
export function customIdField(
  fields: Field[],
  where: string,
  auth: boolean,
): { field?: TextField | NumberField; fields: Field[] } {
  const field = fields.find((f) => f && typeof f === 'object' && 'name' in f && f.name === 'id')
  if (!field) return { fields }
  const at = `${where}, field "id"`
  if (field.type !== 'text' && field.type !== 'number')
    throw new ConfigError(
      `${at}: a custom id field must have type "text" or "number"; got ${JSON.stringify(field.type)}.`,
    )
  if (auth)
    throw new ConfigError(
      `${at}: auth collections keep integer ids (sessions and tokens refer to users by them); remove the custom id field.`,
    )
  const options = new Map(Object.entries(field))
  for (const option of ['localized', 'hasMany', 'virtual', 'hooks', 'access'])
    if (options.get(option) !== undefined && options.get(option) !== false)
      throw new ConfigError(
        `${at}: ${option} is not supported on a custom id (the client gives the id on create and it never changes).`,
      )
  return { field, fields: fields.filter((x) => x !== field) }
}

function annotate(fields: FlattenedField[], kinds: Map<string, IdKind>): void {
  traverseFields(fields, (f) => {
    const relation = relationOf(f)
    if (relation)
      (f as Annotated).relationIdKinds = Object.fromEntries(
        relation.targets.map((t) => [t, kinds.get(t) ?? 'integer']),
      )
  })
}

/** Marks every relationship of the config (versions copies too) with the id kinds of the collections it names. */
export function annotateRelations(config: Pick<SanitizedConfig, 'collections' | 'globals'>): void {
  const kinds = new Map(config.collections.map((c) => [c.slug, idKind(c)]))
  const all: SanitizedCollection[] = config.collections.flatMap((c) =>
    c.versionsCollection ? [c, c.versionsCollection] : [c],
  )
  for (const c of all) annotate(c.flatFields, kinds)
  for (const g of config.globals) {
    annotate(g.flatFields, kinds)
    if (g.versionsCollection) annotate(g.versionsCollection.flatFields, kinds)
  }
}

/**
 * A well-formed id of a kind, as a caller gives it (integer: a positive safe integer), or undefined. A UUID is
 * lower-cased; a string that is no UUID stays itself for a uuid kind too: the existence check that follows finds
 * no such document (without SQL, see db/store.ts), as for a missing one.
 */
export function validId(kind: IdKind, v: unknown): number | string | undefined {
  if (kind === 'uuid') return uuidOf(v) ?? validId('text', v)
  if (kind === 'text') return typeof v === 'string' && v !== '' && v.length <= 255 ? v : undefined
  if (typeof v !== 'number') return undefined
  if (kind === 'number') return Number.isFinite(v) ? v : undefined
  return Number.isSafeInteger(v) && v >= 1 ? v : undefined
}
