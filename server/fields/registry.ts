import type { Field, FlattenedField } from '../config/types.ts'
import { collapsible, row, tabs, unnamedGroup, type LayoutType } from './layout.ts'
import { array } from './array.ts'
import { ui } from './ui.ts'
import { blocks } from './blocks.ts'
import { checkbox } from './checkbox.ts'
import { date } from './date.ts'
import { email } from './email.ts'
import { group } from './group.ts'
import { join } from './join.ts'
import { json } from './json.ts'
import { number } from './number.ts'
import { point } from './point.ts'
import { relationship } from './relationship.ts'
import { upload } from './upload.ts'
import { richText } from './rich-text.ts'
import { radio, select } from './select.ts'
import { code, text, textarea } from './text.ts'
import type { FieldType, Relation } from './types.ts'

/**
 * The field types the CMS knows, by name. Every layer asks here what a type does (its column, schema, GraphQL
 * types, validation, relations) instead of switching on the name; `registerFieldType` adds one.
 */
const types = new Map<string, FieldType>()

/**
 * A module as the registry holds it. It is only ever asked about fields of its own type (the registry picks it by
 * `field.type`), so widening its parameter type is safe: the one cast of the registry.
 */
const widen = <F extends { type: string }>(type: FieldType<F>): FieldType =>
  type as unknown as FieldType

const widenLayout = <F extends { type: string }>(type: LayoutType<F>): LayoutType =>
  type as unknown as LayoutType

/** The built-in data types (layout types, rows, collapsibles, tabs and unnamed groups, are flattened away). */
const builtIns = (): FieldType[] => [
  widen(text),
  widen(textarea),
  widen(code),
  widen(email),
  widen(number),
  widen(checkbox),
  widen(date),
  widen(select),
  widen(radio),
  widen(json),
  widen(richText),
  widen(point),
  widen(relationship),
  widen(upload),
  widen(join),
  widen(group),
  widen(array),
  widen(blocks),
]

// Built lazily: the modules import config helpers that import this registry back.
function all(): Map<string, FieldType> {
  if (types.size === 0) for (const t of builtIns()) types.set(t.name, t)
  return types
}

/** Adds a field type (a plugin's or a test's); a name taken by another type is refused. */
export function registerFieldType<F extends { type: string }>(type: FieldType<F>): void {
  const known = all()
  const held = widen(type)
  if (known.has(type.name) && known.get(type.name) !== held)
    throw new Error(`Field type "${type.name}" is already registered.`)
  known.set(type.name, held)
}

/** Layout types by name, asked about their own fields only (as above); a `ui` field lifts to nothing. */
const layouts = new Map<string, LayoutType>(
  [widenLayout(row), widenLayout(collapsible), widenLayout(tabs), widenLayout(ui)].map(
    (t): [string, LayoutType] => [t.name, t],
  ),
)

/** Whether a field type (data or layout) of this name is registered. */
export const isFieldType = (name: string): boolean => all().has(name) || layouts.has(name)

/** The layout type of a presentational field (row, collapsible, tabs, a group without a name), if it is one. */
export function layoutOf(field: Field): LayoutType | undefined {
  if (field.type === 'group' && !field.name) return unnamedGroup
  return layouts.get(field.type)
}

/** The module of a data field type of this name, if one is registered. */
export const findFieldType = (name: string): FieldType | undefined => all().get(name)

/** The module of a field's type (the sanitiser refuses unknown types, so every sanitised field has one). */
export function fieldType(field: { type: string }): FieldType {
  const t = all().get(field.type)
  if (!t) throw new Error(`Unknown field type "${field.type}".`)
  return t
}

/** The documents a field points at, when its type is relational. */
export function relationOf(field: FlattenedField): Relation | undefined {
  // Asked per field of every document populated and every where compiled: worked out once per (sanitised,
  // unchanging) field object.
  if (relations.has(field)) return relations.get(field)
  const relation = fieldType(field).relation?.(field)
  relations.set(field, relation)
  return relation
}
const relations = new WeakMap<FlattenedField, Relation | undefined>()

/** The fields of a field whose value is one object of them (a group), or undefined. */
export function objectFields(field: FlattenedField): FlattenedField[] | undefined {
  const type = fieldType(field)
  return type.rowFields ? undefined : type.children?.(field)
}

/** Whether the field's value is stored as one JSON value (localized, or as its type says). */
export const storedAsJson = (field: FlattenedField): boolean =>
  Boolean(field.localized) || Boolean(fieldType(field).jsonStored?.(field))
