import type { Knex } from 'knex'
import { ConfigError } from '../errors/config-error.ts'
import { ServiceUnavailable } from '../errors/service-unavailable.ts'
import { mysqlDialect } from './dialects/mysql.ts'
import {
  call,
  hostKey,
  reachable,
  runResult,
  type PoolClient,
  type RawConnection,
} from './mysql-connection.ts'
import {
  isAcquireTimeout,
  isConnectFailure,
  isConnectionLost,
  isNodeUnavailable,
  isRetryableConflict,
} from './mysql-errors.ts'
import { parseMysqlUrl, type MysqlHost } from './mysql-url.ts'
import { isNonNullObject } from '../utilities/guards.ts'
import {
  toBinding,
  type Database,
  type Executor,
  type QueryListener,
  type RunResult,
} from './database.ts'

const PREPARABLE = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH)\b/i

/** Prepared statements kept per connection (mysql2 closes the least recently used past it). */
const PREPARED_PER_CONNECTION = 500

/** Tries of one write transaction that keeps failing certification or lock waits, or meets an unavailable node. */
export const TRANSACTION_TRIES = 5
const RETRY_BASE_MS = 10
/** How long a node that answered "not ready" (1047) or dropped a connection is passed over for new connections. */
const AVOID_MS = 3000

/**
 * MySQL / MariaDB through Knex's mysql2 pool; statements are raw parameterised SQL.
 *
 * With several hosts (a Galera cluster) the pool fails over: a node that refuses connections, drops one, or
 * answers 1047 (up but outside the primary component) is passed over for a few seconds, its pooled connections
 * are discarded, and new ones go to the next node. What a failure means for the statement in flight:
 * - before COMMIT (a read, BEGIN, any statement of a transaction's body): nothing was applied, as the node rolls
 *   back a transaction whose connection ends and a node outside the primary component commits nothing; the
 *   read or the whole transaction runs again on another connection (at most TRANSACTION_TRIES tries in all);
 * - during COMMIT (or an autocommit write) with the connection lost: the outcome is unknown, so it is never run
 *   again (it could apply twice) and fails with ServiceUnavailable (503, reason `commitOutcomeUnknown`);
 * - a certification failure (1213) at COMMIT was rolled back whole by Galera: it runs again like any conflict.
 * Tries used up on unavailable nodes end in ServiceUnavailable (503, reason `databaseUnavailable`).
 *
 * Reads see every write committed anywhere in the cluster before they start (`wsrep_sync_wait = 1` on each
 * connection of a several-host URL; `?syncWait=0` turns it off): a session created through one node is found
 * by a session check through another, and a document written by one server is read back by the next.
 */
export class MysqlDatabase implements Database {
  readonly dialect = mysqlDialect
  private readonly knex: Promise<Knex>
  readonly description: string
  private readonly listeners = new Set<QueryListener>()
  /** host:port → until when new connections avoid it (it answered 1047 or dropped a connection). */
  private readonly avoid = new Map<string, number>()
  private readonly failover: boolean
  /** The node a statement runs on, with several hosts: its host name and port (one machine may hold several). */
  readonly nodeKey?: string

  /** `name`: where the URL came from, for the ConfigError of a malformed one (`DATABASE_URL` or `db.url`). */
  constructor(url: string, name = 'DATABASE_URL') {
    const { hosts, user, password, database, params } = parseMysqlUrl(url, name)
    this.description = `mysql://${hosts.map((h) => `${h.host}:${h.port}`).join(',')}/${database}`
    this.failover = hosts.length > 1
    this.hostKeys = new Set(hosts.map((h) => `${h.host}:${h.port}`))
    if (this.failover) this.nodeKey = "CONCAT(@@hostname, ':', @@port)"
    const syncWait = params.get('syncWait') ?? (this.failover ? '1' : '0')
    if (!/^[0-9]+$/.test(syncWait))
      throw new ConfigError(
        `${name} ?syncWait= takes a number (wsrep_sync_wait: 0 off, 1 reads); got "${syncWait}".`,
      )
    const base = {
      user,
      password,
      database,
      charset: 'utf8mb4',
      timezone: 'Z',
      // Integers and doubles come back as numbers, never strings.
      supportBigNumbers: true,
      decimalNumbers: true,
      maxPreparedStatements: PREPARED_PER_CONNECTION,
    }
    // Several hosts (a Galera cluster): each new pooled connection goes to the current host while it accepts
    // connections and is not avoided, else to the next one that does. Connections to a dead node fail and leave
    // the pool; those to an avoided node are discarded when next taken from it (`validate`).
    let current = hosts[0]
    const connection =
      hosts.length === 1
        ? { ...base, host: current.host, port: current.port }
        : async () => {
            const at = hosts.indexOf(current)
            const order = [...hosts.slice(at), ...hosts.slice(0, at)]
            const avoided = (h: MysqlHost) => this.avoided(`${h.host}:${h.port}`)
            for (const h of [...order.filter((h) => !avoided(h)), ...order.filter(avoided)]) {
              if (await reachable(h.host, h.port)) {
                current = h
                break
              }
            }
            const h = current
            this.chosenHost = `${h.host}:${h.port}`
            const avoidedAtChoice = avoided(h)
            // Chosen again for new connections after a second, or at once when the chosen node becomes avoided:
            // it dropped a connection, answered 1047, or refused a new connection (`refused`: a node killed
            // under load; without this every new connection of that second failed on it). A checker always
            // true makes Knex loop, hence not when every node was avoided at the choice.
            const chosenAt = Date.now()
            return {
              ...base,
              host: h.host,
              port: h.port,
              expirationChecker: () =>
                Date.now() - chosenAt > 1000 || (!avoidedAtChoice && avoided(h)),
            }
          }
    const setup = [
      // READ COMMITTED: no gap locks, so concurrent writes to different rows of one table (sessions, versions,
      // new documents) cannot deadlock on index ranges. Writes that must serialise lock their row (FOR UPDATE).
      'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
      // The optimizer intersected two single-column indexes (status, _status) and sorted the 23,000 rows they
      // matched instead of walking a compound index (status, views) that gives the page in order: 46 ms against
      // 0.5 ms for where+sort at 100,000 posts (docs/performance.md, "Round 3"). Intersection rarely wins over
      // one index plus a filter, so it is off; union and sort-union stay.
      "SET SESSION optimizer_switch = 'index_merge_intersection=off'",
      ...(syncWait !== '0' ? [`SET SESSION wsrep_sync_wait = ${Number(syncWait)}`] : []),
    ]
    // Knex loads lazily: an app on SQLite never pays for it at start-up.
    this.knex = import('knex').then(({ default: knexFactory }) =>
      knexFactory({
        client: 'mysql2',
        connection,
        // Knex warns of every connection the pool drops after a failure, which the failover handles: not logged.
        log: {
          warn: (message: string) => {
            if (!String(message).startsWith('Connection Error:')) console.warn(message)
          },
        },
        pool: {
          min: 0,
          max: Number(params.get('pool') ?? 10),
          afterCreate: (
            conn: { query: (sql: string, cb: (err: Error | null) => void) => void },
            done: (err: Error | null, conn: unknown) => void,
          ) => {
            const next = ([sql, ...rest]: string[]) =>
              sql === undefined
                ? done(null, conn)
                : conn.query(sql, (err) => (err ? done(err, conn) : next(rest)))
            next(setup)
          },
          validate: (conn: RawConnection) => !this.avoided(hostKey(conn)),
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
    conn?: RawConnection,
  ): Promise<unknown> {
    for (const l of this.listeners) l(sql, bindings)
    // Server-side prepared statements (mysql2 execute): parsed once per SQL text and connection, values sent in
    // the binary protocol. On the connection given (a statement pinned for failover), else the runner's: a
    // transaction's client hands out its own connection.
    // Knex types its client `any`: what the statements use of it.
    const client: PoolClient = runner.client
    const connection = conn ?? (await client.acquireConnection())
    try {
      const values = bindings.map(toBinding)
      // Only data statements are prepared: SHOW, SET and the like take no placeholders in the prepared protocol
      // (`SHOW STATUS LIKE ?` is a syntax error there), so they keep client-side binding.
      if (!PREPARABLE.test(sql)) return await call(connection, 'query', sql, values)
      try {
        return await call(connection, 'execute', sql, values)
      } catch (error) {
        if (!isNonNullObject(error) || error.errno !== 1295) throw error
        return await call(connection, 'query', sql, values)
      }
    } finally {
      if (!conn) await client.releaseConnection(connection)
    }
  }

  private executor(runner: Knex | Knex.Transaction): Executor {
    return {
      all: async <T>(sql: string, b: readonly unknown[] = []) =>
        (await this.exec(runner, sql, b)) as T[],
      run: async (sql: string, b: readonly unknown[] = []): Promise<RunResult> =>
        runResult(await this.exec(runner, sql, b)),
    }
  }

  /** host:port of every host of the URL. */
  private readonly hostKeys: Set<string>
  /** host:port of the node new connections currently go to (several hosts). */
  private chosenHost = ''

  /**
   * A new connection failed to open: with several hosts, its node (the socket error's address and port when they
   * name one of the hosts as written in the URL, else the node chosen for new connections, where Knex sends
   * them) is avoided, so the next new connection chooses another node at once.
   */
  private refused(error: unknown): void {
    if (!this.failover) return
    const e = isNonNullObject(error) ? error : undefined
    const named = `${String(e?.address)}:${String(e?.port)}`
    const host = this.hostKeys.has(named) ? named : this.chosenHost
    if (host) this.avoid.set(host, Date.now() + AVOID_MS)
  }

  private avoided(host: string): boolean {
    return this.failover && (this.avoid.get(host) ?? 0) > Date.now()
  }

  /** A connection whose node failed it leaves the pool; with several hosts, its node is avoided a while. */
  private dispose(conn: RawConnection, error: unknown): void {
    conn.__knex__disposed = error
    if (this.failover) this.avoid.set(hostKey(conn), Date.now() + AVOID_MS)
  }

  private backoff(attempt: number): Promise<void> {
    return new Promise((resolve) =>
      setTimeout(resolve, Math.random() * RETRY_BASE_MS * 2 ** (attempt - 1)),
    )
  }

  /**
   * One statement outside a transaction, on a connection taken for it. A read that meets an unavailable node
   * or a lost connection runs again on another connection; an (autocommit) write runs again only when the node
   * refused it (1047), and a lost connection leaves its outcome unknown (503).
   */
  private async statement(sql: string, bindings: readonly unknown[], write: boolean) {
    const knex = await this.knex
    // Knex types its client `any`: what the statements use of it.
    const client: PoolClient = knex.client
    for (let attempt = 1; ; attempt++) {
      let conn: RawConnection
      try {
        conn = await client.acquireConnection()
      } catch (error) {
        // Nothing was sent: another try may reach a node.
        if (isAcquireTimeout(error))
          throw new ServiceUnavailable('databaseUnavailable', { cause: error })
        if (isConnectFailure(error)) this.refused(error)
        if (!isConnectionLost(error) && !isNodeUnavailable(error)) throw error
        if (attempt >= TRANSACTION_TRIES)
          throw new ServiceUnavailable('databaseUnavailable', { cause: error })
        this.retries++
        await this.backoff(attempt)
        continue
      }
      try {
        return await this.exec(knex, sql, bindings, conn)
      } catch (error) {
        // A conflict (1213, 1205) rolled the statement back whole: it runs again like a transaction.
        const conflict = isRetryableConflict(error)
        const unavailable = !conflict && isNodeUnavailable(error)
        const lost = !conflict && !unavailable && isConnectionLost(error)
        if (!conflict && !unavailable && !lost) throw error
        if (!conflict) this.dispose(conn, error)
        if (lost && write) throw new ServiceUnavailable('commitOutcomeUnknown', { cause: error })
        if (attempt >= TRANSACTION_TRIES)
          throw new ServiceUnavailable(conflict ? 'writeConflict' : 'databaseUnavailable', {
            cause: error,
          })
        this.retries++
        await this.backoff(attempt)
      } finally {
        await client.releaseConnection(conn)
      }
    }
  }

  async all<T = Record<string, unknown>>(
    sql: string,
    bindings: readonly unknown[] = [],
  ): Promise<T[]> {
    return (await this.statement(sql, bindings, false)) as T[]
  }

  async run(sql: string, bindings: readonly unknown[] = []): Promise<RunResult> {
    return runResult(await this.statement(sql, bindings, true))
  }

  /**
   * Runs `fn` in one transaction. A transaction that fails certification on a Galera cluster (1213, written at
   * commit by another node) or that waits too long for a row lock (1205) is rolled back whole and `fn` runs again
   * from the start, hooks included: at most TRANSACTION_TRIES times, with jittered backoff. So does one whose
   * node was unavailable (1047) or whose connection was lost before COMMIT was sent (nothing of it was applied),
   * on a connection to another node. A connection lost during COMMIT leaves the outcome unknown: never run
   * again, it fails with ServiceUnavailable (`commitOutcomeUnknown`). Nothing of a failed try stays, as its
   * transaction was rolled back; the error of the last try is thrown.
   */
  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const knex = await this.knex
    for (let attempt = 1; ; attempt++) {
      let conn: RawConnection | undefined
      let committing = false
      try {
        return await knex.transaction(async (trx) => {
          const client: PoolClient = trx.client
          conn = await client.acquireConnection()
          const result = await fn(this.executor(trx))
          // Knex sends COMMIT next: from here a lost connection leaves the outcome unknown.
          committing = true
          return result
        })
      } catch (error) {
        // Raised inside (a hook's own write outside the transaction): decided there, never retried here.
        if (error instanceof ServiceUnavailable) throw error
        if (isAcquireTimeout(error))
          throw new ServiceUnavailable('databaseUnavailable', { cause: error })
        // No connection yet: BEGIN never reached a node (a refused connection); the next try goes elsewhere.
        if (!conn && isConnectFailure(error)) this.refused(error)
        const conflict = isRetryableConflict(error)
        const unavailable = !conflict && isNodeUnavailable(error)
        const lost = !conflict && !unavailable && isConnectionLost(error)
        if (conn && (unavailable || lost)) this.dispose(conn, error)
        if (committing && (unavailable || lost))
          throw new ServiceUnavailable('commitOutcomeUnknown', { cause: error })
        if (!conflict && !unavailable && !lost) throw error
        // Tries used up: nothing of the transaction was applied (each try was rolled back), a clear 503.
        if (attempt >= TRANSACTION_TRIES)
          throw new ServiceUnavailable(conflict ? 'writeConflict' : 'databaseUnavailable', {
            cause: error,
          })
        this.retries++
        await this.backoff(attempt)
      }
    }
  }

  /** How many statements or transactions were run again after a conflict or a failover (tests, benchmarks). */
  retries = 0

  onQuery(listener: QueryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    await (await this.knex).destroy()
  }
}
