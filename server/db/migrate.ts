import { ConfigError } from '../errors/config-error.ts'
import type { Database, Executor } from './database.ts'
import {
  checkIdColumn,
  checkUuidColumns,
  introspect,
  missingPrimaryKey,
  storedName,
} from './introspect.ts'
import { describeStep, stepSql, type MigrationStep } from './migration-steps.ts'
import { applyMigrations, listMigrations, migrationStatus, withMigrationLock } from './migrator.ts'
import type { TableSpec } from './schema.ts'

/** What `getCms` does to the schema on start (`db.onStart`). */
export type SchemaOnStart = 'push' | 'migrate' | 'check'

/** The additive part of the difference: tables, columns and indexes the config has and the database lacks. */
async function missingParts(db: Database, tables: TableSpec[]): Promise<MigrationStep[]> {
  const existing = await introspect(db, db.dialect)
  const steps: MigrationStep[] = []
  for (const table of tables) {
    const have = existing.get(table.name)
    if (!have) {
      steps.push({
        op: 'createTable',
        table: table.name,
        columns: table.columns,
        indexes: table.indexes,
      })
      continue
    }
    checkIdColumn(table, have)
    checkUuidColumns(table, have, db.dialect)
    const columns = new Set(have.columns.map((c) => c.name))
    const indexes = new Set(have.indexes.map((i) => i.name))
    const newColumns = table.columns.filter((c) => !columns.has(c.name))
    const newIndexes = table.indexes.filter((i) => !indexes.has(storedName(db.dialect, i.name)))
    for (const column of newColumns) steps.push({ op: 'addColumn', table: table.name, column })
    for (const index of newIndexes) steps.push({ op: 'addIndex', table: table.name, index })
    const key = missingPrimaryKey(table, have)
    if (key) {
      steps.push({
        op: 'addPrimaryKey',
        table: table.name,
        column: key,
        columns: [...have.columns, ...newColumns],
        indexes: [...have.indexes, ...newIndexes],
      })
    }
  }
  return steps
}

/**
 * Push (the default `db.onStart`, for development): creates the tables, columns and indexes the config has and
 * the database lacks. Safe to run any number of times, by any number of processes at once (it holds the
 * migration lock when there is something to add); never drops or rewrites anything: a removed field's column
 * stays, with its data, until a migration drops it (`cms migrate:create`).
 */
export async function migrate(db: Database, tables: TableSpec[]): Promise<{ statements: number }> {
  if (!(await missingParts(db, tables)).length) return { statements: 0 }
  return withMigrationLock(db, async () => {
    let statements = 0
    for (const step of await missingParts(db, tables)) {
      const sql = await stepSql(db, step)
      // A step of several statements (SQLite rebuilding a table to key it) is all or nothing there.
      const body = async (ex: Executor) => {
        for (const statement of sql) await ex.run(statement)
      }
      if (db.dialect.transactionalDDL && sql.length > 1) await db.transaction(body)
      else await body(db)
      statements += sql.length
    }
    return { statements }
  })
}

/**
 * The schema step of start-up. `push` adds what is missing; `migrate` applies pending migration files (under
 * the lock: of processes starting together one applies them, the others find nothing left); `check` changes
 * nothing. After `migrate` and `check` the start fails, naming them, while migrations are pending or the
 * database lacks a table, column or index the config needs: better than a 500 on the first request using it.
 */
export async function prepareSchema(
  db: Database,
  tables: TableSpec[],
  options: { onStart?: SchemaOnStart; dir: string },
): Promise<void> {
  const onStart = options.onStart ?? 'push'
  if (onStart === 'push') {
    await migrate(db, tables)
    return
  }
  if (onStart === 'migrate') await applyMigrations(db, options.dir)
  else if ((await listMigrations(options.dir)).length) {
    const pending = (await migrationStatus(db, options.dir)).filter((s) => s.state === 'pending')
    if (pending.length) {
      throw new ConfigError(
        `${pending.length} migration(s) pending: ${pending.map((p) => p.name).join(', ')}. Run \`cms migrate\` (or set db.onStart: 'migrate').`,
      )
    }
  }
  const missing = await missingParts(db, tables)
  if (missing.length) {
    throw new ConfigError(
      `The database lacks what the config needs (db.onStart: '${onStart}' does not change the schema): ` +
        `${missing.map(describeStep).join('; ')}. Create a migration with \`cms migrate:create <name>\`.`,
    )
  }
}
