import type { Dialect, ScalarKind } from './dialect.ts'
import { isNonNullObject } from '../../utilities/guards.ts'

/**
 * A JSON value (`jsonb`, one expression evaluated once) as a comparable scalar, like SQLite's json_extract and
 * MariaDB's JSON_VALUE: a number as a double (NULL for anything else), a boolean as 1/0, anything else as text
 * (an object or array as its JSON text; JSON null as NULL).
 */
function scalarOf(j: string, kind: ScalarKind): string {
  if (kind === 'number')
    return `CASE WHEN jsonb_typeof(${j}) = 'number' THEN (${j} #>> '{}')::double precision END`
  if (kind === 'boolean')
    return `CASE WHEN ${j} = 'true'::jsonb THEN 1 WHEN ${j} = 'false'::jsonb THEN 0 END`
  return `(${j} #>> '{}')`
}

/**
 * PostgreSQL (15 and later). JSON lives in text columns like on the other databases and is read as `jsonb`
 * where a query looks inside it; the bound `$.a.b` paths are SQL/JSON paths (`jsonpath`).
 */
export const postgresDialect: Dialect = {
  name: 'postgres',
  quote: (id) => `"${id.replace(/"/g, '""')}"`,
  // A set-returning function in FROM sees the tables before it (implicitly LATERAL). `lax $[*]`: the elements of
  // an array, a scalar as itself (as SQLite's json_each), nothing for NULL.
  jsonEach: (expr, alias) => `jsonb_path_query((${expr})::jsonb, 'lax $[*]') AS ${alias}(value)`,
  eachValue: (alias, kind) => scalarOf(`${alias}.value`, kind),
  // The path is bound once, so the found value is named in a scalar subquery to be tested more than once.
  jsonValue: (expr, kind) =>
    kind === 'text'
      ? `(jsonb_path_query_first((${expr})::jsonb, ?::jsonpath) #>> '{}')`
      : `(SELECT ${scalarOf('j.j', kind)} FROM jsonb_path_query_first((${expr})::jsonb, ?::jsonpath) AS j(j))`,
  jsonQuery: (expr) => `jsonb_path_query_first((${expr})::jsonb, ?::jsonpath)`,
  // NULL for a value that is not an array (`strict` fails on it, silently).
  jsonArrayLength: (expr) =>
    `(jsonb_path_query_first((${expr})::jsonb, 'strict $.size()', '{}', true))::int`,
  // `$.**` walks the document depth first, in order; only strings count (as SQLite's json_tree type 'text').
  jsonText: (expr) =>
    `(SELECT string_agg(t.v #>> '{}', '' ORDER BY t.n) FROM jsonb_path_query((${expr})::jsonb, 'strict $.**.text') ` +
    `WITH ORDINALITY AS t(v, n) WHERE jsonb_typeof(t.v) = 'string')`,
  direction: (desc) => (desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'),
  uniqueViolation(error) {
    if (!isNonNullObject(error) || error.code !== '23505') return undefined
    const { constraint, table, detail } = error
    // "Key (author, slug)=(1, hello) already exists.": the columns, joined by `,` (as SQLite's), also where the
    // index name was cut to 63 characters.
    const key = typeof detail === 'string' ? /^Key \((.+?)\)=\(/.exec(detail) : null
    if (key && constraint !== `${String(table)}_pkey`)
      return key[1]
        .split(', ')
        .map((c) => c.replace(/^"(.*)"$/, '$1').replace(/""/g, '"'))
        .join(',')
    if (typeof constraint !== 'string') return undefined
    // The primary key's constraint is `<table>_pkey`; MariaDB calls it PRIMARY.
    return typeof table === 'string' && constraint === `${table}_pkey` ? 'PRIMARY' : constraint
  },
  forUpdate: ' FOR UPDATE',
  skipLocked: ' FOR UPDATE SKIP LOCKED',
  returningId: ' RETURNING id',
  insertDefaults: (table) => `INSERT INTO ${table} DEFAULT VALUES`,
  onConflictUpdate: (key) => `ON CONFLICT (${key}) DO UPDATE SET`,
  // A bare column name in the assignments would be ambiguous with EXCLUDED's: the stored row is the table's.
  conflictStored: (table, column) => `${table}.${column}`,
  dropIndex: (table, index) =>
    // A unique index made by Knex is a constraint, which owns its index.
    `DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_constraint WHERE conname = ${literal(index)} AND conrelid = ${literal(postgresDialect.quote(table))}::regclass) ` +
    `THEN ALTER TABLE ${postgresDialect.quote(table)} DROP CONSTRAINT ${postgresDialect.quote(index)}; ` +
    `ELSE DROP INDEX ${postgresDialect.quote(index)}; END IF; END $$`,
  addPrimaryKey: (table, column) =>
    `ALTER TABLE ${postgresDialect.quote(table)} ADD PRIMARY KEY (${postgresDialect.quote(column)})`,
  dropPrimaryKey: (table) =>
    `ALTER TABLE ${postgresDialect.quote(table)} DROP CONSTRAINT ${postgresDialect.quote(`${table}_pkey`)}`,
  booleanType: 'smallint',
  indexNullsFirst: true,
  wideIntegers: true,
  maxNameLength: 63,
  failureAbortsTransaction: true,
  transactionalDDL: true,
  migrationTables() {
    const q = postgresDialect.quote
    return [
      `CREATE TABLE IF NOT EXISTS ${q('cms_migrations')} (${q('id')} serial PRIMARY KEY, ` +
        `${q('name')} varchar(255) NOT NULL UNIQUE, ${q('batch')} integer NOT NULL, ${q('executed_at')} varchar(32) NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${q('cms_migration_lock')} (${q('id')} integer PRIMARY KEY, ` +
        `${q('owner')} varchar(255) NOT NULL, ${q('locked_at')} varchar(32) NOT NULL)`,
    ]
  },
  async catalogue(ex) {
    const columns = await ex.all<{ t: string; c: string; type: string; pk: boolean }>(
      'SELECT c.table_name AS t, c.column_name AS c, ' +
        // udt_name: varchar, int4, float8, bool, text (a length as varchar(255), as introspect reads it).
        "CASE WHEN c.character_maximum_length IS NOT NULL THEN c.udt_name || '(' || c.character_maximum_length || ')' ELSE c.udt_name END AS type, " +
        'EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) ' +
        "WHERE i.indrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass AND i.indisprimary AND a.attname = c.column_name) AS pk " +
        "FROM information_schema.columns c JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE' " +
        'WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position',
    )
    const indexes = await ex.all<{ t: string; i: string; u: boolean; c: string }>(
      'SELECT t.relname AS t, ix.relname AS i, i.indisunique AS u, a.attname AS c ' +
        'FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class ix ON ix.oid = i.indexrelid ' +
        'JOIN pg_namespace n ON n.oid = t.relnamespace ' +
        'CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, pos) ' +
        'JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ' +
        'WHERE n.nspname = current_schema() AND NOT i.indisprimary ORDER BY t.relname, ix.relname, k.pos',
    )
    return {
      columns: columns.map((r) => ({ table: r.t, column: r.c, type: r.type, primaryKey: r.pk })),
      indexes: indexes.map((r) => ({ table: r.t, index: r.i, unique: r.u, column: r.c })),
    }
  },
}

/** A string literal (identifiers from the sanitised config only). */
function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`
}
