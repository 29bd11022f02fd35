import type { Database } from './database.ts'
import {
  checkIdColumn,
  checkUuidColumns,
  introspect,
  missingPrimaryKey,
  sameIndex,
  sameKind,
  storedName,
} from './introspect.ts'
import type { MigrationStep } from './migration-steps.ts'
import type { ColumnSpec, TableSpec } from './schema.ts'

/**
 * A rename, declared (`--rename posts.title=headline`, `--rename articles=posts`) or confirmed when asked.
 * Without one, a column or table that disappears while another appears is a drop and an add.
 */
export type Rename =
  { table: string; from: string; to: string } | { from: string; to: string; table?: undefined }

export interface PlanOptions {
  renames?: Rename[]
  /** Asked for every plausible rename not declared (same table, same kind of column); false when absent. */
  ask?: (question: string) => Promise<boolean>
}

export interface Plan {
  steps: MigrationStep[]
  /** What applying the steps destroys, with how much data it holds now. */
  drops: string[]
}

/** `posts.title=headline` (a column) or `articles=posts` (a table), as the CLI takes them. */
export function parseRename(text: string): Rename {
  const m = /^([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?=([A-Za-z0-9_]+)$/.exec(text)
  if (!m)
    throw new Error(
      `--rename takes table.old_column=new_column or old_table=new_table; got "${text}".`,
    )
  return m[2] ? { table: m[1], from: m[2], to: m[3] } : { from: m[1], to: m[3] }
}

/** The steps by group, in the order they run (see planMigration). */
type Steps = Record<
  | 'dropIndexes'
  | 'renameTables'
  | 'renameColumns'
  | 'dropColumns'
  | 'addColumns'
  | 'createTables'
  | 'addIndexes'
  | 'addPrimaryKeys'
  | 'dropTables',
  MigrationStep[]
>
const emptySteps = (): Steps => ({
  dropIndexes: [],
  renameTables: [],
  renameColumns: [],
  dropColumns: [],
  addColumns: [],
  createTables: [],
  addIndexes: [],
  addPrimaryKeys: [],
  dropTables: [],
})
type Ask = (question: string) => Promise<boolean>

/**
 * Table renames, new name → old name: the declared ones (each checked against the missing and stale tables),
 * then a question about each pair of a missing and a stale table not yet paired.
 */
async function planTableRenames(
  missing: string[],
  stale: string[],
  renames: Rename[],
  ask: Ask,
): Promise<Map<string, string>> {
  const tableRenames = new Map<string, string>() // new name → old name
  for (const r of renames.filter((r) => r.table === undefined)) {
    if (!stale.includes(r.from))
      throw new Error(
        `Cannot rename table ${r.from}: the database has no such table, or the config still uses it.`,
      )
    if (!missing.includes(r.to))
      throw new Error(
        `Cannot rename table ${r.from} to ${r.to}: the config has no such table, or the database has it already.`,
      )
    tableRenames.set(r.to, r.from)
  }
  for (const to of missing) {
    if (tableRenames.has(to)) continue
    for (const from of stale) {
      if ([...tableRenames.values()].includes(from)) continue
      if (await ask(`Is table "${to}" the table "${from}" renamed (its rows kept)?`)) {
        tableRenames.set(to, from)
        break
      }
    }
  }
  return tableRenames
}

/**
 * Column renames of one table, new name → old name: the declared ones (each checked against the table's new
 * and old columns), then a question about each pair of a new and an old column of the same kind.
 */
async function planColumnRenames(
  table: TableSpec,
  newCols: ColumnSpec[],
  oldCols: ColumnSpec[],
  renames: Rename[],
  ask: Ask,
): Promise<Map<string, string>> {
  const columnRenames = new Map<string, string>() // new → old
  for (const r of renames.filter((r) => r.table === table.name)) {
    const old = oldCols.find((c) => c.name === r.from)
    if (!old)
      throw new Error(
        `Cannot rename column ${table.name}.${r.from}: the table has no such column, or the config still uses it.`,
      )
    if (!newCols.some((c) => c.name === r.to))
      throw new Error(
        `Cannot rename ${table.name}.${r.from} to ${r.to}: the config has no such column, or the table has it already.`,
      )
    columnRenames.set(r.to, r.from)
  }
  for (const col of newCols) {
    if (columnRenames.has(col.name)) continue
    for (const old of oldCols) {
      if ([...columnRenames.values()].includes(old.name) || !sameKind(old, col)) continue
      if (
        await ask(
          `Is column "${table.name}.${col.name}" the column "${old.name}" renamed (its values kept)?`,
        )
      ) {
        columnRenames.set(col.name, old.name)
        break
      }
    }
  }
  return columnRenames
}

/**
 * The steps that bring one existing table (`have`, named `oldName` before a table rename) to `table`: its
 * indexes, column renames, dropped and added columns, new indexes and a missing primary key; each dropped
 * column adds to `drops` how many rows hold a value in it.
 */
async function planTableChanges(
  db: Database,
  table: TableSpec,
  have: TableSpec,
  oldName: string | undefined,
  renames: Rename[],
  ask: Ask,
  steps: Steps,
  drops: string[],
): Promise<void> {
  const haveCols = new Map(have.columns.map((c) => [c.name, c]))
  const wantCols = new Map(table.columns.map((c) => [c.name, c]))
  checkIdColumn(table, have)
  checkUuidColumns(table, have, db.dialect)
  const newCols = table.columns.filter((c) => !haveCols.has(c.name))
  const oldCols = have.columns.filter((c) => !wantCols.has(c.name))
  const columnRenames = await planColumnRenames(table, newCols, oldCols, renames, ask)
  const renamedOld = new Set(columnRenames.values())
  const asNew = (column: string) =>
    [...columnRenames].find(([, old]) => old === column)?.[0] ?? column

  // Indexes: one that is gone from the config, or defined differently, is dropped before its columns change.
  const fit = (name: string) => storedName(db.dialect, name)
  const wantIdx = new Map(table.indexes.map((i) => [fit(i.name), i]))
  const keptIdx = new Set<string>()
  for (const index of have.indexes) {
    const target = wantIdx.get(index.name)
    if (target && sameIndex({ ...index, columns: index.columns.map(asNew) }, target))
      keptIdx.add(index.name)
    else steps.dropIndexes.push({ op: 'dropIndex', table: oldName ?? table.name, index })
  }
  for (const [to, from] of columnRenames)
    steps.renameColumns.push({ op: 'renameColumn', table: table.name, from, to })
  for (const column of oldCols.filter((c) => !renamedOld.has(c.name))) {
    const [{ n }] = await db.all<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${db.dialect.quote(have.name)} WHERE ${db.dialect.quote(column.name)} IS NOT NULL`,
    )
    drops.push(`column ${table.name}.${column.name}: ${Number(n)} row(s) hold a value`)
    steps.dropColumns.push({ op: 'dropColumn', table: table.name, column })
  }
  for (const column of newCols.filter((c) => !columnRenames.has(c.name))) {
    steps.addColumns.push({ op: 'addColumn', table: table.name, column })
  }
  for (const index of table.indexes.filter((i) => !keptIdx.has(fit(i.name)))) {
    steps.addIndexes.push({ op: 'addIndex', table: table.name, index })
  }
  // Keyed last: by then the table is as the config has it, which is what SQLite rebuilds it as.
  const key = missingPrimaryKey(table, {
    ...have,
    columns: have.columns.map((c) => ({ ...c, name: asNew(c.name) })),
  })
  if (key) {
    steps.addPrimaryKeys.push({
      op: 'addPrimaryKey',
      table: table.name,
      column: key,
      columns: table.columns,
      indexes: table.indexes,
    })
  }
}

/**
 * The steps that bring the database to the tables the config compiles to. Order: drop stale indexes, rename
 * tables, rename columns, drop columns, add columns, create tables, add indexes, add primary keys, drop tables. Nothing here runs
 * them: drops become lines of a migration file, never something start-up does.
 */
export async function planMigration(
  db: Database,
  expected: TableSpec[],
  options: PlanOptions = {},
): Promise<Plan> {
  const actual = await introspect(db, db.dialect)
  const ask: Ask = options.ask ?? (async () => false)
  const renames = options.renames ?? []
  const want = new Map(expected.map((t) => [t.name, t]))
  const drops: string[] = []
  const steps = emptySteps()

  // Tables: declared renames first, then ask about each pair of a missing and a stale table.
  const missing = expected.filter((t) => !actual.has(t.name)).map((t) => t.name)
  const stale = [...actual.keys()].filter((name) => !want.has(name))
  const tableRenames = await planTableRenames(missing, stale, renames, ask)
  for (const [to, from] of tableRenames) steps.renameTables.push({ op: 'renameTable', from, to })

  for (const table of expected) {
    const oldName = tableRenames.get(table.name)
    const have = actual.get(oldName ?? table.name)
    if (!have) {
      steps.createTables.push({
        op: 'createTable',
        table: table.name,
        columns: table.columns,
        indexes: table.indexes,
      })
      continue
    }
    await planTableChanges(db, table, have, oldName, renames, ask, steps, drops)
  }

  const renamedTables = new Set(tableRenames.values())
  for (const [name, have] of actual) {
    if (want.has(name) || renamedTables.has(name)) continue
    const [{ n }] = await db.all<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${db.dialect.quote(name)}`,
    )
    drops.push(`table ${name}: ${Number(n)} row(s)`)
    steps.dropTables.push({
      op: 'dropTable',
      table: name,
      columns: have.columns,
      indexes: have.indexes,
    })
  }
  return { steps: Object.values(steps).flat(), drops }
}
