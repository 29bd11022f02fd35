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
import { WalSync } from './sqlite-wal-sync.ts'
import { APIError } from '../errors/api-error.ts'

/**
 * How long a statement, and a transaction's start, waits for another connection's write lock. The read-write
 * connection waits in `untilFree` (its own busy timeout is 0); the read-only one in SQLite's busy handler.
 */
const BUSY_TIMEOUT_MS = 5000

/** Prepared statements kept per connection (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500

/**
 * `?` → `+?` outside quoted text and identifiers. SQLite (3.47+, with STAT4 statistics as ANALYZE and PRAGMA
 * optimize write them) plans a statement with the values bound to it when they can change the plan (a LIMIT, an
 * equality on an analysed index) and marks the statement expired whenever such a value is bound again, so a
 * cached statement was planned again on every call (measured: a read by id 37 µs instead of 10, a count with two
 * conditions 20 µs instead of 10). A unary plus is the same value with the same (lack of) affinity, but the
 * planner no longer looks at it: one generic plan per shape, made once, as the statement cache intends. Plans
 * still use the indexes (test/db/query-plan.test.ts); they are estimated from the index statistics instead of
 * from the one value.
 */
export function genericPlaceholders(sql: string): string {
  if (!sql.includes('?')) return sql
  let out = ''
  let quote: string | undefined
  for (let i = 0; i < sql.length; i++) {
    const c = sql.charAt(i)
    if (quote) {
      if (c === quote) quote = undefined
    } else if (c === "'" || c === '"' || c === '`') quote = c
    else if (c === '[') quote = ']'
    else if (c === '?' && sql[i - 1] !== '+') {
      out += '+?'
      continue
    }
    out += c
  }
  return out
}

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
  /** Whether the statement run last may write (better-sqlite3's `readonly`; `INSERT … RETURNING` is a reader). */
  private lastWrote = false
  /** Group commit (sqlite-wal-sync.ts): a write is acknowledged once the WAL holding it is synced. */
  readonly walSync?: WalSync
  /** How long a transaction started inside another one waits before it is reported as a deadlock. */
  nestedWaitMs = 10_000

  /** `readonly`: open an existing file without changing it (a database another program wrote, to read from). */
  constructor(filename: string, options: { readonly?: boolean } = {}) {
    if (options.readonly) {
      this.db = new BetterSqlite3(filename, { readonly: true, fileMustExist: true })
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
      this.description = `sqlite:${filename} (read only)`
      return
    }
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
    this.db = new BetterSqlite3(filename)
    // A write is acknowledged once it is on disk (docs/reliability.md, Durability): NORMAL commits without an
    // fsync, and WalSync syncs the WAL off the event loop before the write is answered, one fsync for every
    // commit made while the previous one ran. An in-memory database has no WAL and nothing to sync.
    if (this.db.pragma('journal_mode = WAL', { simple: true }) === 'wal') {
      this.db.pragma('synchronous = NORMAL')
      // A read in WAL mode creates the -wal file, which WalSync opens now; without it, SQLite syncs as FULL.
      this.db.prepare('SELECT 1 FROM sqlite_schema LIMIT 1').get()
      this.walSync = new WalSync(filename, () => this.db.pragma('synchronous = FULL'))
    } else this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 0')
    this.db.pragma('foreign_keys = ON')
    // SQLite's LOWER folds ASCII only, so case-insensitive like/contains missed 'ÄÖÜ' for 'äöü' (MariaDB's
    // LOWER folds Unicode). An application function of the same name replaces it on this connection.
    this.db.function('lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    )
    this.description = `sqlite:${filename}`
  }

  /**
   * The prepared statement of one SQL text, from a least-recently-used cache (a Map in use order): a query shape
   * is compiled and planned once, and each call only binds its values.
   */
  private statement(sql: string): BetterSqlite3.Statement {
    let stmt = this.statements.get(sql)
    if (stmt) {
      // Most recently used last; the oldest is the first key.
      this.statements.delete(sql)
      this.statements.set(sql, stmt)
      return stmt
    }
    stmt = this.db.prepare(genericPlaceholders(sql))
    const oldest = this.statements.keys().next()
    if (this.statements.size >= STATEMENT_CACHE_SIZE && !oldest.done)
      this.statements.delete(oldest.value)
    this.statements.set(sql, stmt)
    return stmt
  }

  private allSync<T>(sql: string, bindings: readonly unknown[]): T[] {
    for (const l of this.listeners) l(sql, bindings)
    const stmt = this.statement(sql)
    this.lastWrote = !stmt.readonly
    const args = bindings.map(toBinding)
    if (!stmt.reader) {
      stmt.run(...args)
      return []
    }
    return stmt.all(...args) as T[]
  }

  private runSync(sql: string, bindings: readonly unknown[]): RunResult {
    for (const l of this.listeners) l(sql, bindings)
    const stmt = this.statement(sql)
    this.lastWrote = !stmt.readonly
    const r = stmt.run(...bindings.map(toBinding))
    return { insertId: Number(r.lastInsertRowid), changes: r.changes }
  }

  async all<T = Record<string, unknown>>(
    sql: string,
    bindings: readonly unknown[] = [],
  ): Promise<T[]> {
    // A read made by a hook without `req` runs on the connection its transaction holds (it would wait forever otherwise).
    if (this.inside.getStore()) return this.allSync<T>(sql, bindings)
    return this.alone(() => this.allSync<T>(sql, bindings))
  }

  async run(sql: string, bindings: readonly unknown[] = []): Promise<RunResult> {
    return this.alone(() => this.runSync(sql, bindings))
  }

  /**
   * A statement outside a transaction, once the connection is free: it commits on its own, so a write (an
   * `INSERT … RETURNING` too) is answered once it is on disk.
   */
  private async alone<R>(statement: () => R): Promise<R> {
    let wrote = false
    const once = () => {
      const result = statement()
      wrote = this.lastWrote
      return result
    }
    const result = !this.mutex.locked
      ? await this.untilFree(once)
      : await this.mutex.run(() => this.untilFree(once))
    if (wrote) await this.walSync?.durable()
    return result
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

  private async startTransaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await this.mutex.run(async () => {
      const tx: Executor = {
        all: async <R>(sql: string, b: readonly unknown[] = []) => this.allSync<R>(sql, b),
        run: async (sql: string, b: readonly unknown[] = []) => this.runSync(sql, b),
      }
      await this.begin()
      try {
        const result = await this.inside.run(true, () => fn(tx))
        this.runSync('COMMIT', [])
        return result
      } catch (error) {
        if (this.db.inTransaction) this.runSync('ROLLBACK', [])
        throw error
      }
    })
    // The connection is free for the next transaction while this one's WAL frames reach the disk.
    await this.walSync?.durable()
    return result
  }

  /** `BEGIN IMMEDIATE`, once no other connection holds the write lock (`untilFree`). */
  private begin(): Promise<void> {
    return this.untilFree(() => {
      this.runSync('BEGIN IMMEDIATE', [])
    })
  }

  /**
   * Runs `attempt` (a statement, or a transaction's start), waiting for another connection's write lock without
   * holding the thread: SQLite's busy handler sleeps inside the call, so a server stood still while another
   * process wrote, and two connections of one process (two instances on one file) deadlocked when one began while
   * the other's transaction awaited. The connection's busy timeout is 0; a busy attempt is tried again after 1,
   * 2, 4… (at most 50) ms until `BUSY_TIMEOUT_MS` has passed, then its error is thrown.
   */
  private async untilFree<R>(attempt: () => R): Promise<R> {
    let deadline: number | undefined
    for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
      try {
        return attempt()
      } catch (error) {
        deadline ??= Date.now() + BUSY_TIMEOUT_MS
        // SQLITE_BUSY, and its extended codes (another connection recovering the WAL, say).
        const code = (error as { code?: unknown }).code
        if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || Date.now() >= deadline)
          throw error
      }
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
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
      await this.walSync?.close()
    })
    await this.knex?.destroy()
  }
}
