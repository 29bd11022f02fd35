import BetterSqlite3 from 'better-sqlite3'
import type { Knex } from 'knex'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { sqliteDialect } from './dialects/sqlite.ts'
import {
  toBinding,
  type Database,
  type Executor,
  type QueryListener,
  type RunResult,
} from './database.ts'
import { AsyncLocalStorage } from 'node:async_hooks'
import { Mutex } from '../utilities/mutex.ts'
import { APIError } from '../errors/api-error.ts'

/**
 * SQLite through one better-sqlite3 connection. Statements are prepared once per SQL text and reused.
 * A transaction holds the connection (a mutex) until it ends, so no other request's statement can
 * land inside it; statements outside a transaction run at once when no transaction is open.
 */
export class SqliteDatabase implements Database {
  readonly dialect = sqliteDialect
  private knex?: Knex

  /** Knex only compiles DDL here (queries run on better-sqlite3 directly), so it loads when a migration needs it. */
  async schemaBuilder(): Promise<Knex> {
    if (!this.knex) {
      const { default: knexFactory } = await import('knex')
      this.knex = knexFactory({ client: 'better-sqlite3', useNullAsDefault: true })
    }
    return this.knex
  }
  readonly description: string
  private readonly db: BetterSqlite3.Database
  private readonly statements = new Map<string, BetterSqlite3.Statement>()
  private readonly mutex = new Mutex()
  private readonly listeners = new Set<QueryListener>()
  /** Marks code running inside an open transaction (hooks included), which already holds the connection. */
  private readonly inside = new AsyncLocalStorage<boolean>()
  /** How long a transaction started inside another one waits before it is reported as a deadlock. */
  nestedWaitMs = 10_000

  constructor(filename: string) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
    this.db = new BetterSqlite3(filename)
    this.db.pragma('journal_mode = WAL')
    // FULL: a commit is on disk when it returns. NORMAL (the usual WAL companion) can lose the last commits on
    // power loss, and an acknowledged write must survive (docs/reliability.md, Durability).
    this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 5000')
    this.db.pragma('foreign_keys = ON')
    this.description = `sqlite:${filename}`
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let stmt = this.statements.get(sql)
    if (!stmt) {
      stmt = this.db.prepare(sql)
      if (this.statements.size > 2000) this.statements.clear()
      this.statements.set(sql, stmt)
    }
    return stmt
  }

  private allSync<T>(sql: string, bindings: readonly unknown[]): T[] {
    for (const l of this.listeners) l(sql, bindings)
    const stmt = this.statement(sql)
    const args = bindings.map(toBinding)
    if (!stmt.reader) {
      stmt.run(...args)
      return []
    }
    return stmt.all(...args) as T[]
  }

  private runSync(sql: string, bindings: readonly unknown[]): RunResult {
    for (const l of this.listeners) l(sql, bindings)
    const r = this.statement(sql).run(...bindings.map(toBinding))
    return { insertId: Number(r.lastInsertRowid), changes: r.changes }
  }

  async all<T = Record<string, unknown>>(
    sql: string,
    bindings: readonly unknown[] = [],
  ): Promise<T[]> {
    // A read made by a hook without `req` runs on the connection its transaction holds (it would wait forever otherwise).
    if (!this.mutex.locked || this.inside.getStore()) return this.allSync<T>(sql, bindings)
    return this.mutex.run(async () => this.allSync<T>(sql, bindings))
  }

  async run(sql: string, bindings: readonly unknown[] = []): Promise<RunResult> {
    if (!this.mutex.locked) return this.runSync(sql, bindings)
    return this.mutex.run(async () => this.runSync(sql, bindings))
  }

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return this.nestedTransaction(fn)
    return this.startTransaction(fn)
  }

  /**
   * SQLite has one writer: a transaction started inside another one (a hook writing without `req`)
   * runs after the enclosing one ends. Fire and forget works; awaiting it inside the hook would wait
   * forever, so that is reported as an error after `nestedWaitMs`.
   */
  private nestedTransaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.inside.exit(() => {
      let started = false
      let cancelled = false
      const run = this.startTransaction(async (tx) => {
        if (cancelled)
          throw new APIError('Cancelled: the enclosing write gave up waiting for this one.', 500)
        started = true
        return fn(tx)
      })
      const timeout = new Promise<never>((_, reject) => {
        const timer = setTimeout(() => {
          if (started) return
          cancelled = true
          const message =
            'A write without `req` was awaited inside a hook of another write; on SQLite it can only run ' +
            'after that write ends. Pass `req` to join the transaction, or do not await it.'
          reject(new APIError(message, 500))
        }, this.nestedWaitMs)
        run.finally(() => clearTimeout(timer)).catch(() => {})
      })
      return Promise.race([run, timeout])
    })
  }

  private startTransaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      const tx: Executor = {
        all: async <R>(sql: string, b: readonly unknown[] = []) => this.allSync<R>(sql, b),
        run: async (sql: string, b: readonly unknown[] = []) => this.runSync(sql, b),
      }
      this.runSync('BEGIN IMMEDIATE', [])
      try {
        const result = await this.inside.run(true, () => fn(tx))
        this.runSync('COMMIT', [])
        return result
      } catch (error) {
        if (this.db.inTransaction) this.runSync('ROLLBACK', [])
        throw error
      }
    })
  }

  onQuery(listener: QueryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    await this.mutex.run(async () => {
      this.statements.clear()
      // SQLite's advice for long-lived connections: refresh planner statistics where they went stale.
      try {
        if (this.db.open && !this.db.memory) this.db.pragma('optimize')
      } catch {
        /* read-only or busy: statistics wait for the next close */
      }
      this.db.close()
    })
    await this.knex?.destroy()
  }
}
