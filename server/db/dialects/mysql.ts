import type { Dialect } from './dialect.ts'
import { isNonNullObject } from '../../utilities/guards.ts'

export const mysqlDialect: Dialect = {
  name: 'mysql',
  quote: (id) => `\`${id.replace(/`/g, '``')}\``,
  // JSON_TABLE is correlated to the outer row (MariaDB ≥ 10.6, MySQL ≥ 8).
  jsonEach: (expr, alias, elements) =>
    `JSON_TABLE(${expr}, '$[*]' COLUMNS (value ${elements === 'rows' ? 'JSON' : 'LONGTEXT'} PATH '$')) AS ${alias}`,
  eachValue: (alias, kind) =>
    kind === 'number' ? `CAST(${alias}.value AS DOUBLE)` : `${alias}.value`,
  jsonValue: (expr, kind) =>
    kind === 'number' ? `CAST(JSON_VALUE(${expr}, ?) AS DOUBLE)` : `JSON_VALUE(${expr}, ?)`,
  jsonQuery: (expr) => `JSON_EXTRACT(${expr}, ?)`,
  jsonArrayLength: (expr) => `JSON_LENGTH(${expr})`,
  // `$**.text`: every value under a `text` key, in document order, as an array (MariaDB's group_concat_max_len
  // bounds the joined text: 1 MB by default).
  jsonText: (expr) =>
    `(SELECT GROUP_CONCAT(t.value ORDER BY t.n SEPARATOR '') FROM JSON_TABLE(JSON_EXTRACT(${expr}, '$**.text'), '$[*]' COLUMNS (n FOR ORDINALITY, value LONGTEXT PATH '$')) AS t)`,
  direction: (desc) => (desc ? 'DESC' : 'ASC'),
  uniqueViolation(error) {
    if (!isNonNullObject(error) || error.code !== 'ER_DUP_ENTRY') return undefined
    const { sqlMessage, message } = error
    const text =
      typeof sqlMessage === 'string' ? sqlMessage : typeof message === 'string' ? message : ''
    // "Duplicate entry 'x' for key 'posts_slug_unique'"
    const m = /for key '(?:[^.']+\.)?([^']+)'/.exec(text)
    return m?.[1]
  },
  forUpdate: ' FOR UPDATE',
  skipLocked: ' FOR UPDATE SKIP LOCKED',
  insertDefaults: (table) => `INSERT INTO ${table} () VALUES ()`,
  onConflictUpdate: () => 'ON DUPLICATE KEY UPDATE',
  conflictStored: (_table, column) => column,
  dropIndex: (table, index) =>
    `ALTER TABLE ${mysqlDialect.quote(table)} DROP INDEX ${mysqlDialect.quote(index)}`,
  // The key's column becomes NOT NULL (an existing NULL fails the statement).
  addPrimaryKey: (table, column) =>
    `ALTER TABLE ${mysqlDialect.quote(table)} ADD PRIMARY KEY (${mysqlDialect.quote(column)})`,
  dropPrimaryKey: (table) => `ALTER TABLE ${mysqlDialect.quote(table)} DROP PRIMARY KEY`,
  tableOptions: { charset: 'utf8mb4', collate: 'utf8mb4_bin', engine: 'InnoDB' },
  transactionalDDL: false,
  migrationTables() {
    const q = mysqlDialect.quote
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin'
    return [
      `CREATE TABLE IF NOT EXISTS ${q('cms_migrations')} (${q('id')} int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY, ` +
        `${q('name')} varchar(255) NOT NULL UNIQUE, ${q('batch')} int NOT NULL, ${q('executed_at')} varchar(32) NOT NULL) ${table}`,
      `CREATE TABLE IF NOT EXISTS ${q('cms_migration_lock')} (${q('id')} int NOT NULL PRIMARY KEY, ` +
        `${q('owner')} varchar(255) NOT NULL, ${q('locked_at')} varchar(32) NOT NULL) ${table}`,
    ]
  },
  async catalogue(ex) {
    const columns = await ex.all<{ t: string; c: string; type: string; k: string }>(
      'SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type, COLUMN_KEY AS k FROM information_schema.COLUMNS ' +
        'WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION',
    )
    const indexes = await ex.all<{ t: string; i: string; nu: number | string; c: string }>(
      'SELECT TABLE_NAME AS t, INDEX_NAME AS i, NON_UNIQUE AS nu, COLUMN_NAME AS c FROM information_schema.STATISTICS ' +
        "WHERE TABLE_SCHEMA = DATABASE() AND INDEX_NAME <> 'PRIMARY' ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
    )
    return {
      columns: columns.map((r) => ({
        table: r.t,
        column: r.c,
        type: r.type,
        primaryKey: r.k === 'PRI',
      })),
      indexes: indexes.map((r) => ({
        table: r.t,
        index: r.i,
        unique: Number(r.nu) === 0,
        column: r.c,
      })),
    }
  },
}
