import { createHash } from 'node:crypto'
import { isIndexed, isJsonStored, isUnique } from '../config/fields.ts'
import { idKind } from '../config/ids.ts'
import {
  holdsUnique,
  rootPaths,
  uniqueValuesOf,
  type UniqueRoot,
  type UniqueValues,
} from './unique-values.ts'
import { fieldType, relationOf } from '../fields/registry.ts'
import type {
  CompoundIndex,
  FlattenedField,
  IdKind,
  JoinField,
  SanitizedCollection,
  SanitizedConfig,
} from '../config/types.ts'

/**
 * How documents map to tables. A collection is one table: one column per scalar field (named groups
 * flattened with `__`), two per point (`__lng`, `__lat`), two per polymorphic hasOne relation
 * (`__relationTo`, `__value`), and one JSON column for arrays, blocks, hasMany values, json, richText
 * and localized fields (a locale-keyed object). Globals live as JSON documents in `cms_globals`.
 */
export type ColumnType = 'id' | 'integer' | 'double' | 'text' | 'string' | 'boolean' | 'json'

export interface ColumnSpec {
  name: string
  type: ColumnType
  length?: number
  /**
   * What a `string` column holds when PostgreSQL has a type of its own for it: `date`, an ISO 8601 instant
   * (`timestamptz` there), `uuid`, a UUID id (`uuid` there); SQLite and MariaDB keep the varchar. See
   * dialect.columnType.
   */
  holds?: 'date' | 'uuid'
  /**
   * The primary key of a table whose key is given on insert, not serial: a custom id or a UUID, or the natural
   * key of an internal table (a session id, a global's slug). Galera needs a primary key on every table.
   */
  primary?: boolean
}
export interface IndexSpec {
  name: string
  columns: string[]
  unique: boolean
}
export interface TableSpec {
  name: string
  columns: ColumnSpec[]
  indexes: IndexSpec[]
}

/** Where a data field (by dotted path) lives in the row. */
export type Placement =
  | { kind: 'column'; column: string; field: FlattenedField }
  | { kind: 'json'; column: string; field: FlattenedField }
  | { kind: 'point'; lng: string; lat: string; field: FlattenedField }
  | { kind: 'polymorphic'; relationTo: string; value: string; field: FlattenedField }
  /** A join field: no column (its documents are read from the joined collection). */
  | { kind: 'join'; field: JoinField }
  | {
      kind: 'group'
      field: FlattenedField
      children: Map<string, Placement>
      prefix: string
    }
  /** Not stored (`virtual: true`): read as computed by hooks, never written, never queried. */
  | { kind: 'virtual'; field: FlattenedField }

export interface CollectionSchema {
  table: TableSpec
  /** Top-level placements by field name; groups nest. */
  placements: Map<string, Placement>
  /** Unique index or column name → dotted field path, to name the field in a unique violation. */
  uniquePaths: Map<string, string>
  /** How the collection's ids are held (numbers for integer and number ids, strings for text). */
  idKind: IdKind
  /** The table keeping the unique values that sit inside JSON columns (db/unique-values.ts), if any. */
  uniqueValues?: UniqueValues
}

import { DATE_LENGTH } from '../fields/date.ts'

export { DATE_LENGTH }
/** A UUID's length: ids of `db.idType: 'uuid'` collections are CHAR(36)-sized strings. */
export const UUID_LENGTH = 36

/**
 * The column of a value of an id kind: an integer, a double (custom number ids), a string (text ids), or a UUID
 * (only UUID ids: a relationship to collections with UUID ids, PostgreSQL's `uuid`).
 */
function idColumn(name: string, kind: IdKind): ColumnSpec {
  return kind === 'integer'
    ? { name, type: 'integer' }
    : kind === 'number'
      ? { name, type: 'double' }
      : kind === 'uuid'
        ? // 255 on SQLite and MariaDB, as these columns were before PostgreSQL had uuid columns.
          { name, type: 'string', length: 255, holds: 'uuid' }
        : { name, type: 'string', length: 255 }
}

/** The id column of a collection's table. */
function primaryColumn(collection: SanitizedCollection): ColumnSpec {
  switch (collection.idType) {
    case 'serial':
      return { name: 'id', type: 'id' }
    case 'uuid':
      return { name: 'id', type: 'string', length: UUID_LENGTH, holds: 'uuid', primary: true }
    case 'number':
      return { name: 'id', type: 'double', primary: true }
    case 'text':
      return { name: 'id', type: 'string', length: 255, primary: true }
  }
}

/** The column of a field's value, as its type says (text when it says nothing). */
function columnFor(field: FlattenedField, column: string): ColumnSpec {
  const t = fieldType(field).column?.(field) ?? { type: 'text' }
  return t.type === 'id' ? idColumn(column, t.kind) : { name: column, ...t }
}

function place(
  fields: FlattenedField[],
  prefix: string,
  table: string,
  spec: TableSpec,
  uniquePaths: Map<string, string>,
  pathPrefix: string,
  roots: UniqueRoot[],
): Map<string, Placement> {
  const out = new Map<string, Placement>()
  for (const field of fields) {
    const column = prefix + field.name
    const path = pathPrefix + field.name
    const type = fieldType(field)
    if (type.computed) {
      // Computed on read from another collection: the join field is the type that says so.
      out.set(field.name, { kind: 'join', field: field as JoinField })
      continue
    }
    if (field.virtual) {
      out.set(field.name, { kind: 'virtual', field })
      continue
    }
    // A group's fields have columns of their own (`group__field`), unless it is one JSON value (localized).
    const children = type.children?.(field)
    if (children && !isJsonStored(field)) {
      out.set(field.name, {
        kind: 'group',
        field,
        prefix: `${column}__`,
        children: place(children, `${column}__`, table, spec, uniquePaths, `${path}.`, roots),
      })
      continue
    }
    if (isJsonStored(field)) {
      spec.columns.push({ name: column, type: 'json' })
      out.set(field.name, { kind: 'json', column, field })
      if (holdsUnique(field))
        roots.push({ column, field, at: pathPrefix, paths: rootPaths(field, pathPrefix) })
      continue
    }
    if (type.geo) {
      const lng = `${column}__lng`,
        lat = `${column}__lat`
      spec.columns.push({ name: lng, type: 'double' }, { name: lat, type: 'double' })
      // Latitude first: a bounding box narrows on it through the index.
      spec.indexes.push({
        name: `${table}_${column}_point_idx`,
        columns: [lat, lng],
        unique: false,
      })
      out.set(field.name, { kind: 'point', lng, lat, field })
      continue
    }
    const relation = relationOf(field)
    if (relation?.polymorphic) {
      const relationTo = `${column}__relationTo`,
        value = `${column}__value`
      spec.columns.push({ name: relationTo, type: 'string', length: 255 }, columnFor(field, value))
      spec.indexes.push({
        name: `${table}_${column}_rel_idx`,
        columns: [value, relationTo],
        unique: false,
      })
      out.set(field.name, { kind: 'polymorphic', relationTo, value, field })
      continue
    }
    spec.columns.push(columnFor(field, column))
    out.set(field.name, { kind: 'column', column, field })
    if (isUnique(field)) {
      const name = `${table}_${column}_unique`
      spec.indexes.push({ name, columns: [column], unique: true })
      uniquePaths.set(name, path).set(column, path)
    } else if (isIndexed(field) || relation) {
      // A relation's column is indexed: population and join fields read by it.
      spec.indexes.push({ name: `${table}_${column}_idx`, columns: [column], unique: false })
    }
  }
  return out
}

export function collectionSchema(collection: SanitizedCollection): CollectionSchema {
  const table = collection.table
  const spec: TableSpec = { name: table, columns: [primaryColumn(collection)], indexes: [] }
  // A duplicate custom id is a unique violation of the primary key (SQLite names the column, MariaDB the key).
  const uniquePaths = new Map<string, string>(
    collection.idType === 'serial'
      ? []
      : [
          ['id', 'id'],
          ['PRIMARY', 'id'],
        ],
  )
  const roots: UniqueRoot[] = []
  const placements = place(collection.flatFields, '', table, spec, uniquePaths, '', roots)
  if (collection.timestamps) {
    spec.columns.push(
      { name: 'createdAt', type: 'string', length: DATE_LENGTH, holds: 'date' },
      { name: 'updatedAt', type: 'string', length: DATE_LENGTH, holds: 'date' },
    )
    spec.indexes.push({ name: `${table}_createdAt_idx`, columns: ['createdAt'], unique: false })
    spec.indexes.push({ name: `${table}_updatedAt_idx`, columns: ['updatedAt'], unique: false })
  }
  for (const index of collection.indexes ?? []) compoundIndex(index, placements, spec, uniquePaths)
  const kind = idKind(collection)
  const uniqueValues = uniqueValuesOf(table, idColumn('parent', kind), roots, fitName)
  return { table: spec, placements, uniquePaths, idKind: kind, uniqueValues }
}

/** MariaDB's longest identifier. */
const MAX_NAME = 64
/** A table or index name, shortened past 64 characters with a hash of the whole. */
const fitName = (name: string): string =>
  name.length > MAX_NAME
    ? `${name.slice(0, MAX_NAME - 9)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`
    : name

/**
 * A compound index (config/sanitize/indexes.ts checked that every path ends in a column). Its name is the
 * table and columns, shortened with a hash of the whole past 64 characters; a unique one is recorded under its
 * name and under its columns joined by `,` (how each database names the violation) with its first path.
 */
function compoundIndex(
  index: CompoundIndex,
  placements: Map<string, Placement>,
  spec: TableSpec,
  uniquePaths: Map<string, string>,
): void {
  const columns = index.fields.map((path) => {
    let level = placements
    const parts = path.split('.')
    for (const name of parts.slice(0, -1)) {
      const group = level.get(name)
      if (group?.kind === 'group') level = group.children
    }
    const p = level.get(parts[parts.length - 1])
    return p?.kind === 'column' ? p.column : path
  })
  const name = fitName(`${spec.name}_${columns.join('_')}_${index.unique ? 'unique' : 'idx'}`)
  spec.indexes.push({ name, columns, unique: Boolean(index.unique) })
  if (index.unique) uniquePaths.set(name, index.fields[0]).set(columns.join(','), index.fields[0])
}

/**
 * Internal tables, prefixed `cms_` (collection slugs cannot start with it). Each has a primary key on its natural
 * key, as Galera needs one on every table; the unique index on the same column predates the key and is kept, so
 * upgrading a database never leaves a moment without a uniqueness check on it (see `addPrimaryKey`).
 */
export function internalTables(): TableSpec[] {
  return [
    {
      name: 'cms_globals',
      columns: [
        { name: 'slug', type: 'string', length: 255, primary: true },
        { name: 'data', type: 'json' },
        { name: 'createdAt', type: 'string', length: DATE_LENGTH, holds: 'date' },
        { name: 'updatedAt', type: 'string', length: DATE_LENGTH, holds: 'date' },
      ],
      indexes: [{ name: 'cms_globals_slug_unique', columns: ['slug'], unique: true }],
    },
    {
      // The paths of collections' unique-values tables whose values are all written (db/unique-values-build.ts).
      name: 'cms_unique_paths',
      columns: [
        { name: 'slot', type: 'string', length: 64, primary: true },
        { name: 'table_name', type: 'string', length: 64 },
        { name: 'path', type: 'string', length: 191 },
      ],
      indexes: [],
    },
    {
      // Login sessions: a token is valid only while its session row exists and has not expired.
      name: 'cms_sessions',
      columns: [
        { name: 'sid', type: 'string', length: 64, primary: true },
        { name: 'collection', type: 'string', length: 255 },
        { name: 'user_id', type: 'integer' },
        { name: 'created_at', type: 'double' },
        { name: 'expires_at', type: 'double' },
      ],
      indexes: [
        { name: 'cms_sessions_sid_unique', columns: ['sid'], unique: true },
        { name: 'cms_sessions_user_idx', columns: ['collection', 'user_id'], unique: false },
      ],
    },
    {
      // Fixed-window counters (per client address and route), shared by every server process.
      name: 'cms_rate_limits',
      columns: [
        { name: 'bucket', type: 'string', length: 255, primary: true },
        { name: 'window_start', type: 'double' },
        { name: 'hits', type: 'integer' },
      ],
      indexes: [{ name: 'cms_rate_limits_bucket_unique', columns: ['bucket'], unique: true }],
    },
    {
      // Processed payment webhook events: a delivery whose id is here has been handled (idempotency).
      name: 'cms_webhook_events',
      columns: [
        { name: 'event_id', type: 'string', length: 255, primary: true },
        { name: 'received_at', type: 'double' },
      ],
      indexes: [{ name: 'cms_webhook_events_event_unique', columns: ['event_id'], unique: true }],
    },
    {
      // The transactional outbox (docs/webhooks.md): one row per event and webhook endpoint, written in the
      // write's own transaction, then delivered by the worker of any server (claimed with a lease). `id` orders
      // the rows; `subject` (collection and id, or global) keeps one document's deliveries to one endpoint in order.
      name: 'cms_outbox',
      columns: [
        { name: 'id', type: 'id' },
        { name: 'event_id', type: 'string', length: 64 },
        { name: 'endpoint', type: 'string', length: 255 },
        { name: 'type', type: 'string', length: 255 },
        { name: 'subject', type: 'string', length: 255 },
        { name: 'payload', type: 'text' },
        { name: 'created_at', type: 'double' },
        { name: 'status', type: 'string', length: 16 },
        { name: 'attempts', type: 'integer' },
        { name: 'next_attempt_at', type: 'double' },
        { name: 'lease_owner', type: 'string', length: 64 },
        { name: 'lease_until', type: 'double' },
        { name: 'last_status_code', type: 'integer' },
        { name: 'last_error', type: 'text' },
        { name: 'delivered_at', type: 'double' },
      ],
      indexes: [
        { name: 'cms_outbox_due', columns: ['status', 'next_attempt_at'], unique: false },
        { name: 'cms_outbox_subject', columns: ['endpoint', 'subject', 'id'], unique: false },
      ],
    },
    {
      // Write generations: per collection table, one row per writing process (`slot` = table and process), bumped
      // by every transaction of that process that writes the table. A table's generation is the sum of its rows,
      // so processes never update one another's row: no certification conflicts between Galera nodes, no lock
      // queue between processes (db/totals.ts). A double holds every integer up to 2^53 exactly on both databases.
      name: 'cms_generations',
      columns: [
        { name: 'slot', type: 'string', length: 255, primary: true },
        { name: 'table_name', type: 'string', length: 255 },
        { name: 'generation', type: 'double' },
      ],
      indexes: [{ name: 'cms_generations_table', columns: ['table_name'], unique: false }],
    },
  ]
}

export function schemaFor(config: SanitizedConfig): {
  tables: TableSpec[]
  collections: Map<string, CollectionSchema>
} {
  const all = [
    ...config.collections.flatMap((c) => (c.versionsCollection ? [c, c.versionsCollection] : [c])),
    ...config.globals.flatMap((g) => (g.versionsCollection ? [g.versionsCollection] : [])),
  ]
  const collections = new Map(all.map((c) => [c.slug, collectionSchema(c)]))
  return {
    tables: [
      ...internalTables(),
      ...[...collections.values()].flatMap((s) =>
        s.uniqueValues ? [s.table, s.uniqueValues.table] : [s.table],
      ),
    ],
    collections,
  }
}
