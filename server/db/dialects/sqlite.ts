import type { CatalogueColumn, CatalogueIndexColumn, Dialect } from './dialect.ts'
import { isNonNullObject } from '../../utilities/guards.ts'

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  quote: (id) => `"${id.replace(/"/g, '""')}"`,
  jsonEach: (expr, alias) => `json_each(${expr}) AS ${alias}`,
  eachValue: (alias) => `${alias}.value`,
  jsonValue: (expr) => `json_extract(${expr}, ?)`,
  jsonQuery: (expr) => `json_extract(${expr}, ?)`,
  jsonArrayLength: (expr) => `json_array_length(${expr})`,
  // json_tree walks the document depth first, in order.
  jsonText: (expr) =>
    `(SELECT group_concat(t.value, '') FROM json_tree(${expr}) AS t WHERE t.key = 'text' AND t.type = 'text')`,
  direction: (desc) => (desc ? 'DESC' : 'ASC'),
  uniqueViolation(error) {
    if (!isNonNullObject(error)) return undefined
    if (error.code !== 'SQLITE_CONSTRAINT_UNIQUE' && error.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return undefined
    // "UNIQUE constraint failed: posts.slug", or of a compound index "… posts.a, posts.b": the columns joined by `,`.
    const m = /constraint failed: (.+)$/.exec(
      typeof error.message === 'string' ? error.message : '',
    )
    return m?.[1]
      .split(', ')
      .map((c) => c.slice(c.indexOf('.') + 1))
      .join(',')
  },
  forUpdate: '',
  skipLocked: '',
  insertDefaults: (table) => `INSERT INTO ${table} DEFAULT VALUES`,
  onConflictUpdate: (key) => `ON CONFLICT (${key}) DO UPDATE SET`,
  conflictStored: (_table, column) => column,
  dropIndex: (_table, index) => `DROP INDEX ${sqliteDialect.quote(index)}`,
  // SQLite cannot change a table's primary key in place.
  addPrimaryKey: () => undefined,
  dropPrimaryKey: () => undefined,
  transactionalDDL: true,
  migrationTables() {
    const q = sqliteDialect.quote
    return [
      `CREATE TABLE IF NOT EXISTS ${q('cms_migrations')} (${q('id')} integer PRIMARY KEY AUTOINCREMENT, ` +
        `${q('name')} varchar(255) NOT NULL UNIQUE, ${q('batch')} integer NOT NULL, ${q('executed_at')} varchar(32) NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${q('cms_migration_lock')} (${q('id')} integer PRIMARY KEY, ` +
        `${q('owner')} varchar(255) NOT NULL, ${q('locked_at')} varchar(32) NOT NULL)`,
    ]
  },
  async catalogue(ex) {
    const columns: CatalogueColumn[] = []
    const indexes: CatalogueIndexColumn[] = []
    const tables = await ex.all<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    for (const { name: table } of tables) {
      const cols = await ex.all<{ name: string; type: string; pk: number }>(
        'SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid',
        [table],
      )
      for (const c of cols)
        columns.push({ table, column: c.name, type: c.type, primaryKey: c.pk > 0 })
      // Indexes created by name ('c'), not the automatic ones of UNIQUE and PRIMARY KEY constraints.
      const idx = await ex.all<{ name: string; unique: number; origin: string }>(
        'SELECT name, "unique", origin FROM pragma_index_list(?)',
        [table],
      )
      for (const i of idx
        .filter((i) => i.origin === 'c')
        .sort((a, b) => a.name.localeCompare(b.name))) {
        const cols = await ex.all<{ name: string }>(
          'SELECT name FROM pragma_index_info(?) ORDER BY seqno',
          [i.name],
        )
        for (const c of cols)
          indexes.push({ table, index: i.name, unique: i.unique === 1, column: c.name })
      }
    }
    return { columns, indexes }
  },
}
