import type { Knex } from 'knex'
import type { Database } from './database.ts'
import type { Dialect } from './dialects/dialect.ts'
import type { ColumnSpec, IndexSpec } from './schema.ts'

/**
 * One schema change of a migration file, in words both databases understand. `cms migrate:create` writes them;
 * `down` is `up` inverted and reversed. A dropped table or column keeps its spec, so `down` re-creates it
 * (empty: the data is gone).
 */
export type MigrationStep =
  | { op: 'createTable'; table: string; columns: ColumnSpec[]; indexes: IndexSpec[] }
  | { op: 'dropTable'; table: string; columns: ColumnSpec[]; indexes: IndexSpec[] }
  | { op: 'renameTable'; from: string; to: string }
  | { op: 'addColumn'; table: string; column: ColumnSpec }
  | { op: 'dropColumn'; table: string; column: ColumnSpec }
  | { op: 'renameColumn'; table: string; from: string; to: string }
  | { op: 'addIndex'; table: string; index: IndexSpec }
  | { op: 'dropIndex'; table: string; index: IndexSpec }
  /**
   * Declares `column` the primary key of a table that has none (Galera needs one on every table). `columns` and
   * `indexes` are the whole table once keyed: SQLite cannot add a primary key in place and rebuilds the table
   * from them; MariaDB alters it (the column becomes NOT NULL).
   */
  | {
      op: 'addPrimaryKey'
      table: string
      column: string
      columns: ColumnSpec[]
      indexes: IndexSpec[]
    }
  | {
      op: 'dropPrimaryKey'
      table: string
      column: string
      columns: ColumnSpec[]
      indexes: IndexSpec[]
    }

export type MigrationSteps = MigrationStep[]

export function inverse(step: MigrationStep): MigrationStep {
  switch (step.op) {
    case 'createTable':
      return { ...step, op: 'dropTable' }
    case 'dropTable':
      return { ...step, op: 'createTable' }
    case 'renameTable':
      return { op: 'renameTable', from: step.to, to: step.from }
    case 'addColumn':
      return { ...step, op: 'dropColumn' }
    case 'dropColumn':
      return { ...step, op: 'addColumn' }
    case 'renameColumn':
      return { op: 'renameColumn', table: step.table, from: step.to, to: step.from }
    case 'addIndex':
      return { ...step, op: 'dropIndex' }
    case 'dropIndex':
      return { ...step, op: 'addIndex' }
    case 'addPrimaryKey':
      return { ...step, op: 'dropPrimaryKey' }
    case 'dropPrimaryKey':
      return { ...step, op: 'addPrimaryKey' }
  }
}

export const invert = (steps: MigrationSteps): MigrationSteps => [...steps].reverse().map(inverse)

export function addColumn(
  t: Knex.CreateTableBuilder,
  c: ColumnSpec,
  isNew: boolean,
  dialect?: Pick<Dialect, 'booleanType' | 'wideIntegers' | 'columnType'>,
): void {
  const own = dialect?.columnType?.(c)
  if (own !== undefined) {
    if (c.type === 'id') {
      if (isNew) t.specificType(c.name, own).primary()
    } else if (c.primary) t.specificType(c.name, own).notNullable().primary()
    else t.specificType(c.name, own).nullable()
    return
  }
  if (c.primary) {
    // A given primary key (custom or UUID ids): a string or a number, never null.
    if (c.type === 'string')
      t.string(c.name, c.length ?? 255)
        .notNullable()
        .primary()
    else t.double(c.name).notNullable().primary()
    return
  }
  switch (c.type) {
    case 'id':
      if (isNew && dialect?.wideIntegers) t.bigIncrements(c.name).primary()
      else if (isNew) t.increments(c.name).primary()
      break
    case 'integer':
      if (dialect?.wideIntegers) t.bigInteger(c.name).nullable()
      else t.integer(c.name).nullable()
      break
    case 'double':
      t.double(c.name).nullable()
      break
    case 'boolean':
      if (dialect?.booleanType) t.specificType(c.name, dialect.booleanType).nullable()
      else t.boolean(c.name).nullable()
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

/**
 * Declares an index. With `nullsFirst` (a Knex, PostgreSQL) every column is indexed NULLS FIRST, the order of
 * `dialect.direction`, so a sort reads through the index both ways; a unique one is then a unique index, not a
 * constraint (a constraint takes no sort order).
 */
export function addIndex(t: Knex.CreateTableBuilder, i: IndexSpec, nullsFirst?: Knex): void {
  const columns = nullsFirst
    ? i.columns.map((c) => nullsFirst.raw('?? NULLS FIRST', [c]))
    : i.columns
  if (i.unique)
    t.unique(columns, { indexName: i.name, ...(nullsFirst ? { useConstraint: false } : {}) })
  else t.index(columns, i.name)
}

/** The Knex to give addIndex where indexes sort NULL first (dialect.indexNullsFirst). */
const nullsFirstOf = (db: Database, knex: Knex) => (db.dialect.indexNullsFirst ? knex : undefined)

const compiled = (builder: Knex.SchemaBuilder) => builder.toSQL().map((s) => s.sql)

async function createTableSql(
  db: Database,
  table: string,
  columns: ColumnSpec[],
  indexes: IndexSpec[],
): Promise<string[]> {
  const knex = await db.schemaBuilder()
  return compiled(
    knex.schema.createTable(table, (t) => {
      for (const c of columns) addColumn(t, c, true, db.dialect)
      for (const i of indexes) addIndex(t, i, nullsFirstOf(db, knex))
      const options = db.dialect.tableOptions
      if (options) {
        t.charset(options.charset)
        t.collate(options.collate)
        t.engine(options.engine)
      }
    }),
  )
}

/**
 * Where a table's primary key cannot be changed in place (SQLite), the table is rebuilt: a new table with the key, the rows copied, the old
 * table dropped, the new one renamed, the indexes created again. Run in one transaction (a migration on SQLite
 * is one; `migrate` runs each step in one), so a failure (a NULL or duplicate key) leaves the table as it was.
 */
async function rebuildTable(
  db: Database,
  table: string,
  columns: ColumnSpec[],
  indexes: IndexSpec[],
): Promise<string[]> {
  const q = (id: string) => db.dialect.quote(id)
  const temp = `${table}__rebuild`
  const names = columns.map((c) => q(c.name)).join(', ')
  const knex = await db.schemaBuilder()
  return [
    ...(await createTableSql(db, temp, columns, [])),
    `INSERT INTO ${q(temp)} (${names}) SELECT ${names} FROM ${q(table)}`,
    `DROP TABLE ${q(table)}`,
    `ALTER TABLE ${q(temp)} RENAME TO ${q(table)}`,
    ...compiled(knex.schema.alterTable(table, (t) => indexes.forEach((i) => addIndex(t, i)))),
  ]
}

/** The SQL of one step on this database (Knex compiles the creations; the rest is plain ALTER/DROP). */
export async function stepSql(db: Database, step: MigrationStep): Promise<string[]> {
  const q = (id: string) => db.dialect.quote(id)
  switch (step.op) {
    case 'createTable':
      return createTableSql(db, step.table, step.columns, step.indexes)
    case 'addColumn': {
      if (step.column.type === 'id' || step.column.primary)
        throw new Error(
          `Cannot add the id column ${step.table}.${step.column.name} to an existing table.`,
        )
      const knex = await db.schemaBuilder()
      return compiled(
        knex.schema.alterTable(step.table, (t) => addColumn(t, step.column, false, db.dialect)),
      )
    }
    case 'addIndex': {
      const knex = await db.schemaBuilder()
      return compiled(
        knex.schema.alterTable(step.table, (t) => addIndex(t, step.index, nullsFirstOf(db, knex))),
      )
    }
    case 'dropIndex':
      return [db.dialect.dropIndex(step.table, step.index.name)]
    case 'dropColumn':
      return [`ALTER TABLE ${q(step.table)} DROP COLUMN ${q(step.column.name)}`]
    case 'renameColumn':
      return [`ALTER TABLE ${q(step.table)} RENAME COLUMN ${q(step.from)} TO ${q(step.to)}`]
    case 'renameTable':
      return [`ALTER TABLE ${q(step.from)} RENAME TO ${q(step.to)}`]
    case 'dropTable':
      return [`DROP TABLE ${q(step.table)}`]
    case 'addPrimaryKey': {
      const alter = db.dialect.addPrimaryKey(step.table, step.column)
      if (alter) return [alter]
      const columns = step.columns.map((c) =>
        c.name === step.column ? { ...c, primary: true } : c,
      )
      return rebuildTable(db, step.table, columns, step.indexes)
    }
    case 'dropPrimaryKey': {
      const alter = db.dialect.dropPrimaryKey(step.table)
      if (alter) return [alter]
      const columns = step.columns.map((c) => {
        if (c.name !== step.column) return c
        const { primary: _, ...rest } = c
        return rest
      })
      return rebuildTable(db, step.table, columns, step.indexes)
    }
  }
}

/** What a step does, in one line (status, logs, the generated file's header). */
export function describeStep(step: MigrationStep): string {
  switch (step.op) {
    case 'createTable':
      return `create table ${step.table}`
    case 'dropTable':
      return `drop table ${step.table}`
    case 'renameTable':
      return `rename table ${step.from} to ${step.to}`
    case 'addColumn':
      return `add column ${step.table}.${step.column.name} (${step.column.type})`
    case 'dropColumn':
      return `drop column ${step.table}.${step.column.name}`
    case 'renameColumn':
      return `rename column ${step.table}.${step.from} to ${step.to}`
    case 'addIndex':
      return `add ${step.index.unique ? 'unique ' : ''}index ${step.index.name} on ${step.table} (${step.index.columns.join(', ')})`
    case 'dropIndex':
      return `drop index ${step.index.name} on ${step.table}`
    case 'addPrimaryKey':
      return `add primary key ${step.table} (${step.column})`
    case 'dropPrimaryKey':
      return `drop primary key ${step.table} (${step.column})`
  }
}
