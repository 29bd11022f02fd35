import type { Knex } from 'knex'
import type { Dialect } from './dialects/dialect.ts'

export interface RunResult {
  insertId: number
  changes: number
}

/** Runs parameterised SQL. Inside a transaction, the transaction's own executor. */
export interface Executor {
  all<T = Record<string, unknown>>(sql: string, bindings?: readonly unknown[]): Promise<T[]>
  run(sql: string, bindings?: readonly unknown[]): Promise<RunResult>
}

export interface QueryListener {
  (sql: string, bindings: readonly unknown[]): void
}

export interface Database extends Executor {
  readonly dialect: Dialect
  /**
   * Payload's `payload.db.defaultIDType`: the type of the ids the database makes (`number` for serial ids, `text`
   * with `db.idType: 'uuid'`), set by the CMS that opens it.
   */
  defaultIDType?: 'number' | 'text'
  /** Knex, used as the DDL compiler (`toSQL()`) of migrations; loaded on first use (start-up time). */
  schemaBuilder(): Promise<Knex>
  /** Runs `fn` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>
  /** Every statement sent, for query counting in tests and benchmarks. */
  onQuery(listener: QueryListener): () => void
  close(): Promise<void>
  /** Checks made once at start, before the first statement (PostgreSQL's read replicas); a ConfigError when wrong. */
  ready?(): Promise<void>
  /** A short description for logs, without credentials. */
  readonly description: string
  /**
   * Set where several nodes take writes (a Galera cluster): an SQL expression naming the node a statement runs
   * on. Write generations (db/totals.ts) are then kept per node, so writers through different nodes never
   * update one row (each such pair would fail certification).
   */
  readonly nodeKey?: string
}

/** Converts JS values to what both drivers bind: booleans as 1/0, Dates as ISO strings. */
export function toBinding(v: unknown): unknown {
  if (v === true) return 1
  if (v === false) return 0
  if (v instanceof Date) return v.toISOString()
  if (v === undefined) return null
  return v
}
