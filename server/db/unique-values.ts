import { createHash } from 'node:crypto'
import { isUnique, nestedData, someField, traverseFields } from '../config/fields.ts'
import type { FlattenedField, ID, SanitizedCollection } from '../config/types.ts'
import { ConfigError } from '../errors/config-error.ts'
import { ValidationError, type FieldError } from '../errors/validation-error.ts'
import { isRecord } from '../utilities/is-record.ts'
import type { Executor } from './database.ts'
import type { ColumnSpec, TableSpec } from './schema.ts'
import { schemaOf, type QueryContext } from './where/state.ts'

/**
 * Unique values held inside one JSON value: a localized field (unique per locale), the ids of a hasMany
 * relationship, a field of array or block rows. Payload's SQL adapters give each of these a table of its own with
 * a unique index; here they sit in the document's JSON column, so each collection that has them keeps a second
 * table, `<table>__unique`: one row per value (`path`, `locale`, `value`, and the document as `parent`) under a
 * unique index on (path, locale, value). It is written in the document's own transaction (`writeUniqueValues`),
 * so the database, not a read before the write, refuses the second document that takes a value: no race on any
 * database. Rows of one blocks field share a path per field name (`layout.title` for every block's `title`).
 */
export interface UniqueValues {
  table: TableSpec
  /** The JSON columns that hold unique values: the field stored there and the path of the group it is in. */
  roots: UniqueRoot[]
  /** Every path a value is kept under (`tenants.tenant`, `title`), dotted field names without row positions. */
  paths: string[]
}
export interface UniqueRoot {
  column: string
  field: FlattenedField
  /** The dotted path of the groups above the field, with a trailing dot ('' at the top). */
  at: string
  /** The paths of the unique fields in it (`rootPaths`). */
  paths: string[]
}

/** One value to keep unique: its path, where it is in the document (row positions too), its locale ('' if none). */
export interface UniqueValue {
  path: string
  at: string
  locale: string
  value: string
}

/** The longest value kept as it is; longer ones are kept as a hash (the column is a bounded VARCHAR, indexed). */
const MAX_VALUE = 255
/** The longest path of a unique field (the column is indexed with the value: 191 characters fit MariaDB's key). */
const MAX_PATH = 191

/** Whether a JSON-stored field holds a unique field, itself or at any depth. */
export const holdsUnique = (field: FlattenedField): boolean => someField([field], isUnique)

/** The unique-values table of a collection whose JSON columns hold unique values, else undefined. */
export function uniqueValuesOf(
  table: string,
  parent: ColumnSpec,
  roots: UniqueRoot[],
  fit: (name: string) => string,
): UniqueValues | undefined {
  if (roots.length === 0) return undefined
  const name = fit(`${table}__unique`)
  const long = roots.flatMap((r) => r.paths).find((p) => p.length > MAX_PATH)
  if (long)
    throw new ConfigError(
      `Collection table "${table}": the unique field at ${long} has a path longer than ${MAX_PATH} characters, which its unique-values table cannot hold; shorten the names on its path.`,
    )
  return {
    roots,
    paths: [...new Set(roots.flatMap((r) => r.paths))],
    table: {
      name,
      columns: [
        // A primary key on every table: Galera needs one.
        { name: 'id', type: 'id' },
        parent,
        { name: 'path', type: 'string', length: MAX_PATH },
        { name: 'locale', type: 'string', length: 32 },
        { name: 'value', type: 'string', length: MAX_VALUE },
      ],
      indexes: [
        { name: fit(`${name}_value_unique`), columns: ['path', 'locale', 'value'], unique: true },
        { name: fit(`${name}_parent_idx`), columns: ['parent', 'path'], unique: false },
      ],
    },
  }
}

/** The values of one root as stored in a row's column (parsed). */
export function rootValues(root: UniqueRoot, stored: unknown): UniqueValue[] {
  const out: UniqueValue[] = []
  collect([root.field], { [root.field.name]: stored }, '', root.at, root.at, out)
  return out
}

/** The paths of a root's unique fields (block fields under their blocks field's name, as `collect` gives them). */
export function rootPaths(field: FlattenedField, at: string): string[] {
  const paths: string[] = []
  traverseFields([field], (f, names) => {
    if (isUnique(f)) paths.push(`${at}${[...names, f.name].join('.')}`)
  })
  return paths
}

/** The unique values in `data` (each locale of a localized field, each row of an array or blocks field). */
function collect(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  locale: string,
  at: string,
  path: string,
  out: UniqueValue[],
): void {
  for (const field of fields) {
    const here = `${at}${field.name}`,
      fieldPath = `${path}${field.name}`
    const raw = data[field.name]
    // A locale map, unless a field above is one (then the value is that locale's: local/locale.ts delocalize).
    const perLocale: [string, unknown][] =
      field.localized && locale === '' && isRecord(raw) ? Object.entries(raw) : [[locale, raw]]
    for (const [code, value] of perLocale) {
      if (isUnique(field)) {
        for (const v of scalars(value))
          out.push({ path: fieldPath, at: here, locale: code, value: v })
        continue
      }
      for (const n of nestedData(field, value))
        collect(
          n.fields,
          n.data,
          code,
          n.index === undefined ? `${here}.` : `${here}.${n.index}.`,
          `${fieldPath}.`,
          out,
        )
    }
  }
}

/** A unique field's value as kept: each of a list's, a polymorphic relation as `slug:id`, long ones hashed. */
function scalars(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(scalars)
  let text: string
  if (isRecord(value)) {
    if (typeof value.relationTo !== 'string' || value.value == null) return []
    text = `${value.relationTo}:${String(value.value)}`
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    text = String(value)
  else return []
  return [
    text.length > MAX_VALUE
      ? `\u0001${createHash('sha256').update(text).digest('hex')}` // never a value kept as it is
      : text,
  ]
}

/** The unique values of a row's columns (those it writes), parsed from their JSON. */
export function rowValues(u: UniqueValues, row: Record<string, unknown>): UniqueValue[] {
  return u.roots.flatMap((root) => {
    if (!(root.column in row)) return []
    const raw = row[root.column]
    const stored = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
    return stored === null || stored === undefined ? [] : rootValues(root, stored)
  })
}

/** One value's identity under the unique index: path, locale and value. */
export const keyOf = (v: Pick<UniqueValue, 'path' | 'locale' | 'value'>) =>
  `${v.path}\u0000${v.locale}\u0000${v.value}`

const taken = (collection: SanitizedCollection, id: ID | undefined, at: string[]) =>
  new ValidationError({
    collection: collection.slug,
    ...(id !== undefined && { id }),
    errors: [...new Set(at)].map((path): FieldError => ({
      message: 'Value must be unique',
      path,
      label: path,
    })),
  })

/** Values a document holds twice (the same value in two rows, twice in a list, of one locale). */
function twice(values: UniqueValue[]): string[] {
  const seen = new Set<string>()
  const repeated: string[] = []
  for (const v of values) {
    const key = keyOf(v)
    if (seen.has(key)) repeated.push(v.at)
    seen.add(key)
  }
  return repeated
}

const CHUNK = 200

/**
 * Keeps a document's unique values in the unique-values table, in the write's transaction: those of the JSON
 * columns the row writes are replaced. A value another document holds, or one the document holds twice, is
 * Payload's 400 "Value must be unique" on its path; the unique index decides between writers racing.
 */
export async function writeUniqueValues(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
  row: Record<string, unknown>,
  created: boolean,
): Promise<void> {
  const u = schemaOf(ctx, collection.slug).uniqueValues
  if (!u || !u.roots.some((r) => r.column in row)) return
  const values = rowValues(u, row)
  const repeated = twice(values)
  if (repeated.length) throw taken(collection, id, repeated)
  const q = ctx.dialect.quote
  const table = q(u.table.name)
  const written = [...new Set(u.roots.filter((r) => r.column in row).flatMap((r) => r.paths))]
  const clashes = await othersHolding(ex, table, q, values, created ? undefined : id)
  if (clashes.length) throw taken(collection, id, clashes)
  if (!created)
    await ex.run(
      `DELETE FROM ${table} WHERE ${q('parent')} = ? AND ${q('path')} IN (${written.map(() => '?').join(', ')})`,
      [id, ...written],
    )
  const columns = ['parent', 'path', 'locale', 'value'].map(q).join(', ')
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK)
    try {
      await ex.run(
        `INSERT INTO ${table} (${columns}) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((v) => [id, v.path, v.locale, v.value]),
      )
    } catch (error) {
      // Another transaction took one of the values since the read above.
      if (ctx.dialect.uniqueViolation(error) === undefined) throw error
      throw taken(
        collection,
        id,
        chunk.map((v) => v.at),
      )
    }
  }
}

/** Where the document holds a value another document holds. */
async function othersHolding(
  ex: Executor,
  table: string,
  q: (name: string) => string,
  values: UniqueValue[],
  id: ID | undefined,
): Promise<string[]> {
  const clashes: string[] = []
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK)
    const rows = await ex.all<{ path: string; locale: string; value: string }>(
      `SELECT ${q('path')}, ${q('locale')}, ${q('value')} FROM ${table} WHERE ${q('value')} IN (${chunk.map(() => '?').join(', ')})` +
        (id === undefined ? '' : ` AND ${q('parent')} <> ?`),
      [...chunk.map((v) => v.value), ...(id === undefined ? [] : [id])],
    )
    const held = new Set(rows.map(keyOf))
    clashes.push(...chunk.filter((v) => held.has(keyOf(v))).map((v) => v.at))
  }
  return clashes
}

/** Forgets a deleted document's unique values. */
export async function deleteUniqueValues(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
): Promise<void> {
  const u = schemaOf(ctx, collection.slug).uniqueValues
  if (!u) return
  const q = ctx.dialect.quote
  await ex.run(`DELETE FROM ${q(u.table.name)} WHERE ${q('parent')} = ?`, [id])
}
