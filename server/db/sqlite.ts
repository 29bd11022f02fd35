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

/** The mutex kind of a transaction, and the most transactions one COMMIT holds. */
const TRANSACTION = 'transaction'
const MAX_GROUP = 32

/** Transactions committed together: how many ran, and the outcome of their COMMIT. */
interface Group {
  members: number
  committed: Promise<void>
  done: () => void
  fail: (error: unknown) => void
}

function openGroup(): Group {
  let done!: () => void
  let fail!: (error: unknown) => void
  const committed = new Promise<void>((resolve, reject) => {
    done = resolve
    fail = reject
  })
  // Awaited by every member that got this far; a group whose only member failed has nobody to tell.
  committed.catch(() => {})
  return { members: 0, committed, done, fail }
}

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
  /** The open group of committed-together transactions (startTransaction), while one is open. */
  private group?: Group
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

  /**
   * A transaction, committed with the others that wait for the connection (group commit). The first one begins
   * the SQLite transaction; while the next waiter of the connection is another transaction (and the group has
   * fewer than MAX_GROUP), the transaction is left open and the next one runs inside it, in a savepoint of its
   * own; the group commits when anything else comes next or nobody waits. Every member resolves only after the
   * COMMIT that holds it returned (FULL: on disk), so an acknowledged write is as durable as before, while one
   * fsync serves a group: it was a quarter of a create's time (docs/performance.md, "Writes"). A member that
   * fails is rolled back to its savepoint and leaves the others alone; a failure that ends the whole
   * transaction (SQLite rolled it back: I/O, disk full) or a failed COMMIT rejects every member of the group.
   * A transaction alone runs as before: BEGIN IMMEDIATE … COMMIT, no savepoint.
   */
  private async startTransaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const { result, committed } = await this.mutex.run(() => this.member(fn), TRANSACTION)
    await committed
    return result
  }

  private async member<T>(
    fn: (tx: Executor) => Promise<T>,
  ): Promise<{ result: T; committed: Promise<void> }> {
    const tx: Executor = {
      all: async <R>(sql: string, b: readonly unknown[] = []) => this.allSync<R>(sql, b),
      run: async (sql: string, b: readonly unknown[] = []) => this.runSync(sql, b),
    }
    const joining = this.group
    const group = joining ?? (this.group = openGroup())
    const savepoint = joining ? `cms_group_${group.members}` : undefined
    this.runSync(savepoint ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE', [])
    group.members++
    try {
      const result = await this.inside.run(true, () => fn(tx))
      if (savepoint) this.runSync(`RELEASE ${savepoint}`, [])
      return { result, committed: group.committed }
    } catch (error) {
      this.undo(group, savepoint, error)
      throw error
    } finally {
      this.commitUnlessJoined(group)
    }
  }

  /** A failed member: back to its savepoint, or (the first member, or SQLite ended the transaction) all of it. */
  private undo(group: Group, savepoint: string | undefined, error: unknown): void {
    if (savepoint && this.db.inTransaction) {
      try {
        this.runSync(`ROLLBACK TO ${savepoint}`, [])
        this.runSync(`RELEASE ${savepoint}`, [])
        return
      } catch {
        /* the savepoint is unusable: the whole transaction goes */
      }
    }
    this.group = undefined
    if (this.db.inTransaction) this.runSync('ROLLBACK', [])
    group.fail(error)
  }

  /** Commits the group unless another transaction waits to join it. */
  private commitUnlessJoined(group: Group): void {
    if (this.group !== group) return
    if (this.mutex.nextKind() === TRANSACTION && group.members < MAX_GROUP) return
    this.group = undefined
    try {
      this.runSync('COMMIT', [])
      group.done()
    } catch (error) {
      if (this.db.inTransaction) this.runSync('ROLLBACK', [])
      group.fail(error)
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
    })
    await this.knex?.destroy()
  }
}
