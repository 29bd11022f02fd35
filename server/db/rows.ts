import { readId, relationKindOf, relationStoredKind } from '../config/ids.ts'
import { fieldType } from '../fields/registry.ts'
import type { FlattenedField, ID } from '../config/types.ts'
import type { CollectionSchema, Placement } from './schema.ts'
import { isRecord } from '../utilities/is-record.ts'

/** Converts one stored value to its document form. */
export function readValue(field: FlattenedField, v: unknown): unknown {
  if (v === null || v === undefined) return null
  const reader = valueReaderOf(field)
  return reader ? reader(v) : v
}

/** A field's reader, made once per (sanitised, unchanging) field: distinct values read one per row. */
function valueReaderOf(field: FlattenedField): ((stored: unknown) => unknown) | undefined {
  if (!valueReaders.has(field)) valueReaders.set(field, fieldType(field).reader?.(field))
  return valueReaders.get(field)
}
const valueReaders = new WeakMap<FlattenedField, ((stored: unknown) => unknown) | undefined>()

/**
 * A list Payload's SQL adapters answer as `[]` when it holds nothing, written empty or never written (its module's
 * `emptyList`: hasMany values, arrays). Blocks are not among them: Payload leaves an empty blocks field out, read
 * here as stored (docs/decisions.md).
 */
const readsAsList = (field: FlattenedField): boolean =>
  !field.localized && Boolean(fieldType(field).emptyList?.(field))

type Reader = (row: Record<string, unknown>, out: Record<string, unknown>) => void

/** One placement's reader: what it reads decided once (field type, id kinds), only the row's values per call. */
function placementReader(name: string, p: Placement): Reader | undefined {
  switch (p.kind) {
    case 'column': {
      const column = p.column
      // What a value reads as is decided once per field (its type's reader, or the value as stored).
      const read = valueReaderOf(p.field)
      if (!read)
        return (row, out) => {
          const v = row[column]
          out[name] = v === undefined ? null : v
        }
      return (row, out) => {
        const v = row[column]
        out[name] = v === null || v === undefined ? null : read(v)
      }
    }
    case 'json': {
      const column = p.column
      const list = readsAsList(p.field)
      return (row, out) => {
        const raw = row[column]
        out[name] =
          raw === null || raw === undefined
            ? list
              ? []
              : null
            : typeof raw === 'string'
              ? JSON.parse(raw)
              : raw
      }
    }
    case 'point': {
      const { lng: lngColumn, lat: latColumn } = p
      return (row, out) => {
        const lng = row[lngColumn],
          lat = row[latColumn]
        out[name] =
          lng === null || lng === undefined || lat === null || lat === undefined
            ? null
            : [Number(lng), Number(lat)]
      }
    }
    case 'polymorphic': {
      const { relationTo, value: valueColumn } = p
      return (row, out) => {
        const value = row[valueColumn]
        out[name] =
          value === null || value === undefined
            ? null
            : {
                relationTo: row[relationTo],
                value: readId(relationKindOf(p.field, String(row[relationTo])), value),
              }
      }
    }
    case 'group': {
      const children = readerOf(p.children)
      return (row, out) => {
        const group: Record<string, unknown> = {}
        children(row, group)
        out[name] = group
      }
    }
    default:
      // virtual and join fields are not stored in the row
      return undefined
  }
}

/** The compiled reader of a placement map, made on first use and kept as long as the schema. */
const readers = new WeakMap<Map<string, Placement>, Reader>()
function readerOf(placements: Map<string, Placement>): Reader {
  let reader = readers.get(placements)
  if (!reader) {
    const parts = [...placements]
      .map(([name, p]) => placementReader(name, p))
      .filter((r): r is Reader => r !== undefined)
    reader = (row, out) => {
      for (const part of parts) part(row, out)
    }
    readers.set(placements, reader)
  }
  return reader
}

/** A database row → a document (fields nested, JSON parsed, booleans and numbers typed). */
export function rowToDoc(
  schema: CollectionSchema,
  row: Record<string, unknown>,
): Record<string, unknown> & { id: ID } {
  const doc: Record<string, unknown> & { id: ID } = { id: readId(schema.idKind, row.id) }
  readerOf(schema.placements)(row, doc)
  if ('createdAt' in row) {
    doc.createdAt = row.createdAt
    doc.updatedAt = row.updatedAt
  }
  return doc
}

function writePlacement(p: Placement, value: unknown, out: Record<string, unknown>): void {
  switch (p.kind) {
    case 'column':
      out[p.column] = value === undefined ? null : value
      break
    case 'json':
      out[p.column] = value === undefined || value === null ? null : JSON.stringify(value)
      break
    case 'point': {
      const pt = Array.isArray(value) ? value : null
      out[p.lng] = pt ? pt[0] : null
      out[p.lat] = pt ? pt[1] : null
      break
    }
    case 'polymorphic': {
      const rel = isRecord(value) ? value : null
      out[p.relationTo] = rel ? rel.relationTo : null
      // Targets with different id kinds share a text column.
      out[p.value] = !rel
        ? null
        : relationStoredKind(p.field) === 'text'
          ? String(rel.value)
          : rel.value
      break
    }
    case 'virtual':
      break
    case 'group': {
      const group = isRecord(value) ? value : {}
      for (const [name, child] of p.children) writePlacement(child, group[name], out)
      break
    }
  }
}

/**
 * A document's data → column values. Only the top-level fields named in `only` are written
 * (an update touches only what it was given), or every field when `only` is absent.
 */
export function docToRow(
  schema: CollectionSchema,
  data: Record<string, unknown>,
  only?: Iterable<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const names = only ? [...only] : [...schema.placements.keys()]
  for (const name of names) {
    const p = schema.placements.get(name)
    if (p) writePlacement(p, data[name], out)
  }
  return out
}
