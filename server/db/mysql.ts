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

/** What the statements need of Knex's client: a pooled connection (a transaction's client gives its own). */
interface PoolClient {
  acquireConnection(): Promise<DriverConnection>
  releaseConnection(connection: DriverConnection): Promise<unknown>
}
type Callback = (error: Error | null, result?: unknown) => void
interface DriverConnection {
  execute(sql: string, values: unknown[], cb: Callback): void
  query(sql: string, values: unknown[], cb: Callback): void
}
const call = (
  connection: DriverConnection,
  method: 'execute' | 'query',
  sql: string,
  values: unknown[],
): Promise<unknown> =>
  new Promise((resolve, reject) =>
    connection[method](sql, values, (error, result) => (error ? reject(error) : resolve(result))),
  )

/** Prepared statements kept per connection (mysql2 closes the least recently used past it). */
const PREPARED_PER_CONNECTION = 500

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
      maxPreparedStatements: PREPARED_PER_CONNECTION,
    }
    // Several hosts (a Galera cluster): each new pooled connection goes to the current host while it accepts
    // connections, else to the next one that does. Connections to a dead node fail and leave the pool.
    let current = 0
    const connection =
      hosts.length === 1
        ? { ...base, host: hosts[0]!.host, port: hosts[0]!.port }
        : async () => {
            for (let i = 0; i < hosts.length; i++) {
              const h = hosts[(current + i) % hosts.length]!
              if (await reachable(h.host, h.port)) {
                current = (current + i) % hosts.length
                break
              }
            }
            const h = hosts[current]!
            // Chosen again for new connections after a second (a checker always true makes Knex loop).
            const chosenAt = Date.now()
            return {
              ...base,
              host: h.host,
              port: h.port,
              expirationChecker: () => Date.now() - chosenAt > 1000,
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

  async schemaBuilder(): Promise<Knex> {
    return this.knex
  }

  /**
   * Runs one statement as a server-side prepared statement (mysql2 `execute`, on the pool's connection or the
   * transaction's): the server parses each SQL text once per connection and only the values travel per call, in
   * the binary protocol, with no client-side escaping or Knex query building. mysql2 keeps the prepared
   * statements per connection (least recently used closed past `maxPreparedStatements`). A statement the
   * prepared protocol does not support (1295) runs as a plain query.
   */
  private async exec(
    runner: Knex | Knex.Transaction,
    sql: string,
    bindings: readonly unknown[],
  ): Promise<unknown> {
    for (const l of this.listeners) l(sql, bindings)
    const client = (runner as unknown as { client: PoolClient }).client
    const connection = await client.acquireConnection()
    try {
      const values = bindings.map(toBinding)
      try {
        return await call(connection, 'execute', sql, values)
      } catch (error) {
        if ((error as { errno?: unknown }).errno !== 1295) throw error
        return await call(connection, 'query', sql, values)
      }
    } finally {
      await client.releaseConnection(connection)
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
    return this.executor(await this.knex).all<T>(sql, bindings)
  }

  async run(sql: string, bindings: readonly unknown[] = []): Promise<RunResult> {
    return this.executor(await this.knex).run(sql, bindings)
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
        if (attempt >= TRANSACTION_TRIES || !isRetryableConflict(error)) throw error
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
