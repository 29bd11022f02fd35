import type { Knex } from 'knex'
import type { Database } from './database.ts'
import type { ColumnSpec, TableSpec } from './schema.ts'

/** Existing tables with their columns and index names, read from the database itself. */
async function introspect(
  db: Database,
): Promise<Map<string, { columns: Set<string>; indexes: Set<string> }>> {
  const out = new Map<string, { columns: Set<string>; indexes: Set<string> }>()
  if (db.dialect.name === 'sqlite') {
    const tables = await db.all<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
    )
    for (const { name } of tables) {
      const cols = await db.all<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, [name])
      const idx = await db.all<{ name: string }>(`SELECT name FROM pragma_index_list(?)`, [name])
      out.set(name, {
        columns: new Set(cols.map((c) => c.name)),
        indexes: new Set(idx.map((i) => i.name)),
      })
    }
  } else {
    const cols = await db.all<{ t: string; c: string }>(
      'SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()',
    )
    const idx = await db.all<{ t: string; i: string }>(
      'SELECT DISTINCT TABLE_NAME AS t, INDEX_NAME AS i FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE()',
    )
    for (const { t, c } of cols) {
      if (!out.has(t)) out.set(t, { columns: new Set(), indexes: new Set() })
      out.get(t)!.columns.add(c)
    }
    for (const { t, i } of idx) out.get(t)?.indexes.add(i)
  }
  return out
}

function addColumn(t: Knex.CreateTableBuilder, c: ColumnSpec, isNew: boolean): void {
  switch (c.type) {
    case 'id':
      if (isNew) t.increments(c.name).primary()
      break
    case 'integer':
      t.integer(c.name).nullable()
      break
    case 'double':
      t.double(c.name).nullable()
      break
    case 'boolean':
      t.boolean(c.name).nullable()
      break
    case 'string':
      t.string(c.name, c.length ?? 255).nullable()
      break
    case 'text':
      t.text(c.name, 'mediumtext').nullable()
      break
    case 'json':
      t.text(c.name, 'longtext').nullable()
      break
  }
}

function addIndex(t: Knex.CreateTableBuilder, i: TableSpec['indexes'][number]): void {
  if (i.unique) t.unique(i.columns, { indexName: i.name })
  else t.index(i.columns, i.name)
}

/**
 * Brings the database up to the schema the config asks for: creates missing tables, columns and
 * indexes. Safe to run any number of times; never drops or rewrites a column (a removed field's
 * column stays, with its data, until an operator drops it by hand).
 */
export async function migrate(db: Database, tables: TableSpec[]): Promise<{ statements: number }> {
  const existing = await introspect(db)
  const upToDate = tables.every((t) => {
    const have = existing.get(t.name)
    return (
      have &&
      t.columns.every((c) => have.columns.has(c.name)) &&
      t.indexes.every((i) => have.indexes.has(i.name))
    )
  })
  if (upToDate) return { statements: 0 }
  const knex = await db.schemaBuilder()
  const statements: { sql: string; bindings: readonly unknown[] }[] = []
  for (const table of tables) {
    const have = existing.get(table.name)
    let builder: Knex.SchemaBuilder | undefined
    if (!have) {
      builder = knex.schema.createTable(table.name, (t) => {
        for (const c of table.columns) addColumn(t, c, true)
        for (const i of table.indexes) addIndex(t, i)
        if (db.dialect.name === 'mysql') {
          t.charset('utf8mb4')
          t.collate('utf8mb4_bin')
          t.engine('InnoDB')
        }
      })
    } else {
      const missingCols = table.columns.filter((c) => !have.columns.has(c.name))
      const missingIdx = table.indexes.filter((i) => !have.indexes.has(i.name))
      if (missingCols.length || missingIdx.length) {
        builder = knex.schema.alterTable(table.name, (t) => {
          for (const c of missingCols) addColumn(t, c, false)
          for (const i of missingIdx) addIndex(t, i)
        })
      }
    }
    if (builder)
      for (const s of builder.toSQL()) statements.push({ sql: s.sql, bindings: s.bindings ?? [] })
  }
  for (const s of statements) await db.run(s.sql, s.bindings)
  return { statements: statements.length }
}
