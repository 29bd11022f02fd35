/**
 * The SQL family differences the CMS needs, behind one narrow interface.
 * Every value goes through a `?` binding; only identifiers are spliced, always quoted.
 */
import type { Executor } from '../database.ts'
import type { ColumnSpec } from '../schema.ts'

export type ScalarKind = 'text' | 'number' | 'boolean'

/** A column as the database's catalogue describes it (`type` is the catalogue's own spelling). */
export interface CatalogueColumn {
  table: string
  column: string
  type: string
  primaryKey: boolean
}
/** One column of a named index, in index order. */
export interface CatalogueIndexColumn {
  table: string
  index: string
  unique: boolean
  column: string
}

export interface Dialect {
  name: 'sqlite' | 'mysql' | 'postgres'
  /** Quotes an identifier (`"posts"` / `` `posts` ``). Identifiers come from the sanitised config only. */
  quote(identifier: string): string
  /** A FROM item iterating a JSON array held by `expr`, with one column `value` (`rows`: elements are objects). */
  jsonEach(expr: string, alias: string, elements: 'scalars' | 'rows'): string
  /** The element value of a `jsonEach` alias as a comparable scalar. */
  eachValue(alias: string, kind: ScalarKind): string
  /** A scalar at `path` (a `$.a.b` JSON path, bound as a parameter) inside the JSON held by `expr`. */
  jsonValue(expr: string, kind: ScalarKind): string
  /** The JSON (object or array) at a bound path inside `expr`. */
  jsonQuery(expr: string): string
  /** Length of the JSON array held by `expr` (0 for an empty array). */
  jsonArrayLength(expr: string): string
  /**
   * The text of a rich-text document held by `expr`: every string under a `text` key (Lexical's text nodes), in
   * document order, joined; NULL when there is none.
   */
  jsonText(expr: string): string
  /**
   * An ORDER BY direction for a value that may be NULL: NULL sorts first ascending and last descending, as SQLite
   * and MariaDB do (PostgreSQL needs NULLS FIRST / NULLS LAST for it).
   */
  direction(desc: boolean): string
  /** Maps a driver error to the column or index name of a unique violation, or undefined. */
  uniqueViolation(error: unknown): string | undefined
  /** Appended to a SELECT inside a transaction to lock its rows until the end ('' where a write transaction locks the whole database). */
  forUpdate: string
  /**
   * Appended to a SELECT that claims queued rows (outbox, jobs) inside a transaction: locks the rows it returns and
   * skips rows another transaction holds (`FOR UPDATE SKIP LOCKED` on MariaDB and PostgreSQL), so workers on
   * several servers claim disjoint rows without waiting; '' on SQLite, whose write transaction holds the database.
   */
  skipLocked: string
  /**
   * Appended to an INSERT into a collection's table whose id the database assigns, for `RunResult.insertId`
   * (PostgreSQL has no last-insert id: ` RETURNING id`); absent where the driver reports it.
   */
  returningId?: string
  /** An INSERT of one row whose every column takes its default. */
  insertDefaults(table: string): string
  /**
   * What follows an INSERT's VALUES to turn a conflict on the unique `key` into an update; the assignments come
   * after it, and in them a bare column name is the stored row's value (evaluated left to right).
   */
  onConflictUpdate(key: string): string
  /**
   * The stored row's `column` inside onConflictUpdate's assignments (both already quoted where needed): the bare
   * column on SQLite and MariaDB; qualified by the table on PostgreSQL, where a bare name is ambiguous (EXCLUDED).
   */
  conflictStored(table: string, column: string): string
  /** Drops an index of `table`. */
  dropIndex(table: string, index: string): string
  /** The statement declaring `column` the primary key of `table`; undefined where the table is rebuilt (SQLite). */
  addPrimaryKey(table: string, column: string): string | undefined
  /** The statement dropping the primary key of `table`; undefined where the table is rebuilt (SQLite). */
  dropPrimaryKey(table: string): string | undefined
  /**
   * The column type of a checkbox where Knex's boolean is not an integer type (PostgreSQL: `smallint`, like
   * MariaDB's tinyint(1), so the 1/0 the CMS binds store and compare as on the other databases).
   */
  booleanType?: string
  /**
   * The database's own type for a column, where it has a better one than Knex's default for the CMS's column
   * type (PostgreSQL: `jsonb`, `timestamptz`, identity ids); undefined keeps Knex's.
   */
  columnType?(column: ColumnSpec): string | undefined
  /**
   * A UUID held as text (a relationship's id read from JSON) as the type of a `uuid` column's values, to compare
   * with one (PostgreSQL: `uuid`, NULL for text that is no UUID, which the cast would refuse); absent where UUID
   * columns are text (SQLite, MariaDB).
   */
  uuidFromText?(expr: string): string
  /**
   * A failing statement aborts the whole transaction (PostgreSQL): a statement whose failure is expected and
   * handled runs in a savepoint there.
   */
  failureAbortsTransaction?: boolean
  /**
   * An `UPDATE … WHERE key IN (…)` locks its rows in the order its scan meets them, not in the list's order
   * (PostgreSQL: a sequential scan of a small table whose rows move with every update). Two transactions bumping
   * the same rows could then lock them in opposite orders and deadlock; such an update locks its rows in key
   * order first (a `FOR UPDATE` subquery with ORDER BY).
   */
  updateLocksInScanOrder?: boolean
  /**
   * After rows were inserted with their serial ids given (an import), the statement that moves the table's id
   * sequence past them (PostgreSQL; SQLite and MariaDB continue after the largest id by themselves).
   */
  advanceSerial?(table: string): string
  /** Identifiers longer than this are cut to it by the database (PostgreSQL: 63; index names reach 64). */
  maxNameLength?: number
  /**
   * Serial ids and integer columns are 64-bit (PostgreSQL: a 32-bit column refuses a bound value past 2^31 with an
   * error, where SQLite and MariaDB compare it and find nothing).
   */
  wideIntegers?: boolean
  /** Indexes are made with NULLS FIRST columns (PostgreSQL), to match `direction` both ways. */
  indexNullsFirst?: boolean
  /** Options Knex applies to a table it creates (MariaDB: utf8mb4, binary collation, InnoDB). */
  tableOptions?: { charset: string; collate: string; engine: string }
  /** DDL runs inside a transaction, so a failing migration leaves nothing behind (SQLite; MariaDB commits each DDL). */
  transactionalDDL: boolean
  /** The migration bookkeeping tables, created when missing: history and the one-row lock. */
  migrationTables(): string[]
  /** The catalogue: user tables' columns, and the columns of their named indexes (not the primary key). */
  catalogue(ex: Executor): Promise<{ columns: CatalogueColumn[]; indexes: CatalogueIndexColumn[] }>
}
