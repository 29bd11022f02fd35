import { createConnection } from 'node:net'
import type { Knex } from 'knex'
import { mysqlDialect } from './dialects/mysql.ts'
import {
  toBinding,
  type Database,
  type Executor,
  type QueryListener,
  type RunResult,
} from './database.ts'

/** Tries of one write transaction that keeps failing certification or lock waits. */
export const TRANSACTION_TRIES = 5
const RETRY_BASE_MS = 10

/** Deadlock or Galera certification failure (1213), lock wait timeout (1205): the whole transaction can run again. */
function isRetryableConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const errno = (e as { errno?: unknown }).errno
    if (errno === 1213 || errno === 1205) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * The connection to the server could not be opened (refused, unreachable): nothing was sent, so the statement or
 * transaction can run again on another host.
 */
function isConnectRefused(error: unknown): boolean {
  const e = error as { code?: unknown; syscall?: unknown } | undefined
  return e?.code === 'ECONNREFUSED' || (e?.syscall === 'connect' && typeof e.code === 'string')
}

/** `mysql://u:p@h1:p1,h2:p2,h3:p3/db?pool=n`: the hosts in order, and the URL of the first for the rest. */
function parseHosts(url: string): { hosts: { host: string; port: number }[]; u: URL } {
  const m = /^(mysql:\/\/(?:[^@/]*@)?)([^/?#]*)(.*)$/.exec(url)
  const list = (m?.[2] ?? '').split(',').filter(Boolean)
  const u = new URL(m ? `${m[1]}${list[0] ?? ''}${m[3]}` : url)
  const hosts = list.map((h) => {
    const one = new URL(`mysql://${h}`)
    return { host: one.hostname, port: Number(one.port || 3306) }
  })
  return { hosts: hosts.length ? hosts : [{ host: u.hostname, port: Number(u.port || 3306) }], u }
}

/** Whether a TCP connection to host:port opens within a second. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })
}

/** MySQL / MariaDB through Knex's mysql2 pool; statements are raw parameterised SQL. */
export class MysqlDatabase implements Database {
  readonly dialect = mysqlDialect
  private readonly knex: Promise<Knex>
  readonly description: string
  private readonly listeners = new Set<QueryListener>()

  constructor(url: string) {
    const { hosts, u } = parseHosts(url)
    this.description = `mysql://${hosts.map((h) => `${h.host}:${h.port}`).join(',')}${u.pathname}`
    const base = {
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.slice(1)),
      charset: 'utf8mb4',
      timezone: 'Z',
      // Integers and doubles come back as numbers, never strings.
      supportBigNumbers: true,
      decimalNumbers: true,
    }
    // Several hosts (a Galera cluster): each new pooled connection goes to the current host while it accepts
    // connections, else to the next one that does. Connections to a dead node fail and leave the pool.
    let current = 0
    this.multiHost = hosts.length > 1
    const connection =
      hosts.length === 1
        ? { ...base, host: hosts[0]!.host, port: hosts[0]!.port }
        : async () => {
            this.hostRefused = false
            for (let i = 0; i < hosts.length; i++) {
              const h = hosts[(current + i) % hosts.length]!
              if (await reachable(h.host, h.port)) {
                current = (current + i) % hosts.length
                break
              }
            }
            const h = hosts[current]!
            // Chosen again for new connections after a second (a checker always true makes Knex loop), or at once
            // when the host refused a connection since (a node that died: without this, every new connection
            // in that second failed; 62 of 65 failed writes in test/galera/servers.test.ts).
            const chosenAt = Date.now()
            return {
              ...base,
              host: h.host,
              port: h.port,
              expirationChecker: () => this.hostRefused || Date.now() - chosenAt > 1000,
            }
          }
    // Knex loads lazily: an app on SQLite never pays for it at start-up.
    this.knex = import('knex').then(({ default: knexFactory }) =>
      knexFactory({
        client: 'mysql2',
        connection,
        pool: {
          min: 0,
          max: Number(u.searchParams.get('pool') ?? 10),
          // READ COMMITTED: no gap locks, so concurrent writes to different rows of one table (sessions, versions,
          // new documents) cannot deadlock on index ranges. Writes that must serialise lock their row (FOR UPDATE).
          afterCreate: (
            conn: { query: (sql: string, cb: (err: Error | null) => void) => void },
            done: (err: Error | null, conn: unknown) => void,
          ) => {
            conn.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', (err) =>
              done(err, conn),
            )
          },
        },
      }),
    )
  }

  /** Set when the current host refused a connection: the next new connection chooses the host again. */
  private hostRefused = false
  private readonly multiHost: boolean

  /** Whether `error` is a refused connection to one of several hosts (then the host is chosen again). */
  private noteRefused(error: unknown): boolean {
    if (!this.multiHost || !isConnectRefused(error)) return false
    this.hostRefused = true
    return true
  }

  async schemaBuilder(): Promise<Knex> {
    return this.knex
  }

  private async exec(
    runner: Knex | Knex.Transaction,
    sql: string,
    bindings: readonly unknown[],
  ): Promise<unknown> {
    for (const l of this.listeners) l(sql, bindings)
    try {
      const [result] = await runner.raw(sql, bindings.map(toBinding) as Knex.RawBinding[])
      return result
    } catch (error) {
      this.noteRefused(error)
      throw error
    }
  }

  private executor(runner: Knex | Knex.Transaction): Executor {
    return {
      all: async <T>(sql: string, b: readonly unknown[] = []) =>
        (await this.exec(runner, sql, b)) as T[],
      run: async (sql: string, b: readonly unknown[] = []): Promise<RunResult> => {
        const r = (await this.exec(runner, sql, b)) as { insertId?: number; affectedRows?: number }
        return { insertId: Number(r.insertId ?? 0), changes: Number(r.affectedRows ?? 0) }
      },
    }
  }

  async all<T = Record<string, unknown>>(
    sql: string,
    bindings: readonly unknown[] = [],
  ): Promise<T[]> {
    return this.onNextHost(async () => this.executor(await this.knex).all<T>(sql, bindings))
  }

  async run(sql: string, bindings: readonly unknown[] = []): Promise<RunResult> {
    return this.onNextHost(async () => this.executor(await this.knex).run(sql, bindings))
  }

  /** A statement whose connection was refused was never sent: it runs again once the next host is chosen. */
  private async onNextHost<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (error) {
      if (!this.noteRefused(error)) throw error
      return fn()
    }
  }

  /**
   * Runs `fn` in one transaction. A transaction that fails certification on a Galera cluster (1213, written at
   * commit by another node) or that waits too long for a row lock (1205) is rolled back whole and `fn` runs again
   * from the start, hooks included: at most TRANSACTION_TRIES times, with jittered backoff. Nothing of a failed
   * try stays, as its transaction was rolled back; the error of the last try is thrown.
   */
  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const knex = await this.knex
    for (let attempt = 1; ; attempt++) {
      try {
        return await knex.transaction((trx) => fn(this.executor(trx)))
      } catch (error) {
        // A refused connection (a node that died) never began the transaction: it runs again on the next host.
        const refused = this.noteRefused(error)
        if (attempt >= TRANSACTION_TRIES || !(refused || isRetryableConflict(error))) throw error
        this.retries++
        await new Promise((resolve) =>
          setTimeout(resolve, Math.random() * RETRY_BASE_MS * 2 ** (attempt - 1)),
        )
      }
    }
  }

  /** How many transactions were run again after a conflict (for tests and benchmarks). */
  retries = 0

  onQuery(listener: QueryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    await (await this.knex).destroy()
  }
}
