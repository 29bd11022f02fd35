import { ConfigError } from '../errors/config-error.ts'
import type { Executor } from './database.ts'
import type { Dialect } from './dialects/dialect.ts'
import {
  DATE_LENGTH,
  UUID_LENGTH,
  type ColumnSpec,
  type IndexSpec,
  type TableSpec,
} from './schema.ts'

/** The migration bookkeeping tables: never part of a schema diff. */
export const MIGRATION_TABLES = new Set(['cms_migrations', 'cms_migration_lock'])

/**
 * The tables a database holds, read from its catalogue, as the same specs the config compiles to: column types
 * mapped back to the CMS's column types, and the indexes created by name (SQLite's automatic indexes and
 * MariaDB's PRIMARY are left out). On SQLite a JSON column reads back as `text`: both are TEXT there.
 */
export async function introspect(ex: Executor, dialect: Dialect): Promise<Map<string, TableSpec>> {
  const out = new Map<string, TableSpec>()
  const table = (name: string) => {
    const known = out.get(name)
    if (known) return known
    const spec: TableSpec = { name, columns: [], indexes: [] }
    out.set(name, spec)
    return spec
  }
  const { columns, indexes } = await dialect.catalogue(ex)
  for (const c of columns)
    if (!MIGRATION_TABLES.has(c.table))
      table(c.table).columns.push(columnSpec(c.column, c.type, c.primaryKey))
  for (const i of indexes) {
    if (MIGRATION_TABLES.has(i.table)) continue
    const spec = table(i.table)
    let index = spec.indexes.find((x) => x.name === i.index)
    if (!index) spec.indexes.push((index = { name: i.index, columns: [], unique: i.unique }))
    index.columns.push(i.column)
  }
  return out
}

/** A catalogue type (`varchar(32)`, `int(11)`, `tinyint(1)`, `longtext`, `float`…) as a CMS column type. */
function columnSpec(name: string, raw: string, primaryKey: boolean): ColumnSpec {
  const type = raw.toLowerCase()
  if (primaryKey && /int/.test(type)) return { name, type: 'id' }
  const chars = /char\((\d+)\)/.exec(type)
  if (chars)
    return {
      name,
      type: 'string',
      length: Number(chars[1]),
      ...(primaryKey ? { primary: true } : {}),
    }
  if (primaryKey && /double|float|real/.test(type)) return { name, type: 'double', primary: true }
  // PostgreSQL's own types (dialect.columnType): jsonb, timestamptz, uuid.
  if (type.includes('longtext') || type === 'jsonb') return { name, type: 'json' }
  if (type === 'timestamptz') return { name, type: 'string', length: DATE_LENGTH, holds: 'date' }
  if (type === 'uuid')
    return {
      name,
      type: 'string',
      length: UUID_LENGTH,
      holds: 'uuid',
      ...(primaryKey ? { primary: true } : {}),
    }
  if (type.includes('text') || type.includes('clob')) return { name, type: 'text' }
  // PostgreSQL: int2 (smallint) is only made for checkboxes (dialect.booleanType).
  if (type === 'boolean' || type === 'bool' || type.startsWith('tinyint(1)') || type === 'int2')
    return { name, type: 'boolean' }
  if (/double|float|real|decimal|numeric/.test(type)) return { name, type: 'double' }
  if (type.includes('int')) return { name, type: 'integer' }
  return { name, type: 'text' }
}

/** An index name as the catalogue holds it: PostgreSQL cuts names to 63 bytes (`dialect.maxNameLength`). */
export const storedName = (dialect: Dialect, name: string): string =>
  dialect.maxNameLength ? name.slice(0, dialect.maxNameLength) : name

/** Whether a column of type `a` can hold what one of type `b` holds: a rename candidate. */
export function sameKind(a: ColumnSpec, b: ColumnSpec): boolean {
  const kind = (c: ColumnSpec) => (c.type === 'json' ? 'text' : c.type)
  return kind(a) === kind(b)
}

export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return a.unique === b.unique && a.columns.join('\0') === b.columns.join('\0')
}

/**
 * Ids are never converted: a table made for serial ids cannot take given ones (a custom id field, UUIDs), nor
 * the other way round. A start with the other id type fails here rather than with a 500 on the first write.
 */
export function checkIdColumn(want: TableSpec, have: TableSpec): void {
  const haveId = have.columns.find((c) => c.name === 'id')
  const wantId = want.columns.find((c) => c.name === 'id')
  if (!haveId || !wantId || (haveId.type === 'id') === (wantId.type === 'id')) return
  const kind = (serial: boolean) =>
    serial ? 'serial (auto-increment) ids' : 'given ids (a custom id field or UUIDs)'
  throw new ConfigError(
    `Table ${want.name} holds ${kind(haveId.type === 'id')} but the config asks for ${kind(wantId.type === 'id')}: ` +
      "changing a collection's id type is not migrated (its ids and the relationships to them would need converting). " +
      'Keep the id type, or move the data to a new collection.',
  )
}

/**
 * A PostgreSQL database made before UUID ids were `uuid` columns keeps them in varchar (push and migrations never
 * change a column's type): comparing such a column with a new `uuid` one fails, so the start fails here, naming
 * the column, rather than with a 500 later. The same the other way round (a uuid column the config now wants as
 * text: the relationship no longer points at UUID collections only). The fix is to recreate the database or to
 * convert the column (docs/postgresql.md).
 */
export function checkUuidColumns(want: TableSpec, have: TableSpec, dialect: Dialect): void {
  if (!dialect.columnType) return
  for (const w of want.columns) {
    const h = have.columns.find((c) => c.name === w.name)
    if (!h) continue
    const wantUuid = dialect.columnType(w) === 'uuid'
    if (wantUuid === (h.holds === 'uuid')) continue
    throw new ConfigError(
      `Column ${want.name}.${w.name} ${wantUuid ? 'is not a uuid column but the config asks for one' : 'is a uuid column but the config asks for text'} ` +
        `(${wantUuid ? 'UUID ids, or a relationship to collections with UUID ids only' : 'ids of other kinds'}): ` +
        'column types are not migrated. Recreate the database, or convert the column ' +
        `(ALTER TABLE "${want.name}" ALTER COLUMN "${w.name}" TYPE ${wantUuid ? 'uuid' : 'varchar(255)'} USING "${w.name}"::${wantUuid ? 'uuid' : 'text'}).`,
    )
  }
}

/**
 * The column to declare the primary key of a table that has none, when the config keys it on a column the table
 * already has (the internal tables made before they had keys): undefined when nothing is to do.
 */
export function missingPrimaryKey(want: TableSpec, have: TableSpec): string | undefined {
  if (have.columns.some((c) => c.primary || c.type === 'id')) return undefined
  const key = want.columns.find((c) => c.primary && c.type !== 'id')
  return key && have.columns.some((c) => c.name === key.name) ? key.name : undefined
}
