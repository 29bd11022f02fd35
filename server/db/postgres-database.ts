import type { Knex } from 'knex'
import type pg from 'pg'
import { pgDriver } from './pg-driver.ts'
import { ServiceUnavailable } from '../errors/service-unavailable.ts'
import { postgresDialect } from './dialects/postgres.ts'
import { isPlainRead, PostgresReplicas } from './postgres-replicas.ts'
import { isStalePlan, PreparedStatements } from './postgres-statements.ts'
import {
  advanceIdSequence,
  explicitIdTable,
  isRetryableConflict,
  isUnavailable,
  parsePostgresUrl,
  positional,
} from './postgres-sql.ts'
import {
  toBinding,
  type Database,
  type Executor,
  type QueryListener,
  type RunResult,
} from './database.ts'

/** Tries of one transaction that keeps failing on a serialization failure or a deadlock. */
export const TRANSACTION_TRIES = 5
const RETRY_BASE_MS = 10

// bigint (COUNT(*), SUM of integers) and numeric come back as numbers, as on the other databases, not strings.
const INT8 = 20
const NUMERIC = 1700
// json and jsonb come back as their JSON text, which the row codec parses as it does the other databases' text.
const JSON_OID = 114
const JSONB = 3802
// timestamptz comes back as the ISO 8601 string (milliseconds, `Z`) the other databases store, whatever the
// session's TimeZone: pg's own parser reads the offset PostgreSQL prints.
const TIMESTAMPTZ = 1184
const toNumber = (value: string) => (value === null ? null : Number(value))
const asText = (value: string) => value

/** The type parsers of every pool, made once, when the first PostgreSQL database opens (pg loads then). */
let typeParsers: { getTypeParser: typeof pg.types.getTypeParser } | undefined
function pgTypes() {
  if (typeParsers) return typeParsers
  const { types } = pgDriver()
  const parseTimestamptz = types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => unknown
  const toIso = (value: string): unknown => {
    const d = parseTimestamptz(value)
    // ±infinity (never written by the CMS) stays as PostgreSQL prints it.
    return d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : value
  }
  typeParsers = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8 || oid === NUMERIC
        ? toNumber
        : oid === JSON_OID || oid === JSONB
          ? asText
          : oid === TIMESTAMPTZ
            ? toIso
            : types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  }
  return typeParsers
}

/**
 * PostgreSQL through a `pg` pool; statements are raw parameterised SQL, their `?` placeholders rewritten to
 * `$n` once per SQL text, sent as named prepared statements (postgres-statements.ts). Knex (client `pg`) only
 * compiles the DDL of migrations.
 *
 * Transactions run at READ COMMITTED (PostgreSQL's default, as on MariaDB); writes that must serialise lock their
 * row (FOR UPDATE). A transaction that fails with a serialization failure (40001) or a deadlock (40P01) was rolled
 * back whole and runs again from the start, at most TRANSACTION_TRIES times, then fails with ServiceUnavailable
 * (`writeConflict`).
 */
export class PostgresDatabase implements Database {
  readonly dialect = postgresDialect
  readonly description: string
  private readonly pool: pg.Pool
  private readonly listeners = new Set<QueryListener>()
  /** The names of the prepared statements (see postgres-statements.ts). */
  private readonly statements = new PreparedStatements()
  /** Each table's id sequence (null: none, its ids are given), as an INSERT that gives ids met it. */
  private readonly sequences = new Map<string, string | null>()
  private knex?: Knex
  /** The read replicas (`?replicas=`), when the URL names some. */
  readonly replicas?: PostgresReplicas

  /** `name`: where the URL came from, for the ConfigError of a malformed one (`DATABASE_URL` or `db.url`). */
  constructor(url: string, name = 'DATABASE_URL') {
    const { description, pool, connectionString, replicas } = parsePostgresUrl(url, name)
    this.description = description
    const types = pgTypes()
    this.pool = new (pgDriver().Pool)({ connectionString, max: pool, types })
    if (replicas) this.replicas = new PostgresReplicas(replicas, { max: pool, types })
    // An idle pooled connection whose server went away: the pool drops it; the next statement opens another.
    this.pool.on('error', () => {})
  }

  /** Knex only compiles DDL here, so it loads when a migration needs it. */
  async schemaBuilder(): Promise<Knex> {
    if (!this.knex) {
      const { default: knexFactory } = await import('knex')
      this.knex = knexFactory({ client: 'pg' })
    }
    return this.knex
  }

  /**
   * Runs one statement, prepared under its name. A stale plan (see postgres-statements.ts) starts a new
   * generation; outside a transaction (`client` the pool) the statement then runs again, once.
   */
  private async exec(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    bindings: readonly unknown[],
  ): Promise<pg.QueryResult> {
    for (const l of this.listeners) l(sql, bindings)
    const values = bindings.map(toBinding)
    try {
      let result: pg.QueryResult
      try {
        result = await client.query({ ...this.statements.of(sql), values })
      } catch (error) {
        if (!isStalePlan(error)) throw error
        this.statements.renew()
        if (!(client instanceof pgDriver().Pool)) throw error
        result = await client.query({ ...this.statements.of(sql), values })
      }
      this.statements.ran(sql)
      const table = explicitIdTable(sql)
      if (table !== undefined) await this.advanceSequence(client, table)
      return result
    } catch (error) {
      if (isUnavailable(error))
        throw new ServiceUnavailable('databaseUnavailable', { cause: error })
      throw error
    }
  }

  /** After an INSERT that gave the id: the table's id sequence moves past it (see advanceIdSequence). */
  private async advanceSequence(client: pg.Pool | pg.PoolClient, table: string): Promise<void> {
    let seq = this.sequences.get(table)
    if (seq === undefined) {
      const { rows } = await client.query<{ seq: string | null }>(
        "SELECT pg_get_serial_sequence($1, 'id') AS seq",
        [table],
      )
      seq = rows[0]?.seq ?? null
      this.sequences.set(table, seq)
    }
    if (seq !== null) await client.query(positional(advanceIdSequence(table)), [seq, seq])
  }

  private executor(client: pg.Pool | pg.PoolClient): Executor {
    return {
      all: async <T>(sql: string, b: readonly unknown[] = []) =>
        (await this.exec(client, sql, b)).rows as T[],
      run: async (sql: string, b: readonly unknown[] = []) =>
        runResult(await this.exec(client, returning(sql), b)),
    }
  }

  async all<T = Record<string, unknown>>(
    sql: string,
    bindings: readonly unknown[] = [],
  ): Promise<T[]> {
    const onPrimary = () => this.exec(this.pool, sql, bindings)
    if (!this.replicas || !isPlainRead(sql)) return (await onPrimary()).rows as T[]
    return (await this.replicas.read((replica) => this.exec(replica, sql, bindings), onPrimary))
      .rows as T[]
  }

  /** The start's checks of the read replicas (read-your-writes settings, standbys): a ConfigError when wrong. */
  async ready(): Promise<void> {
    await this.replicas?.check(this.pool)
  }

  async run(sql: string, bindings: readonly unknown[] = []): Promise<RunResult> {
    return runResult(await this.exec(this.pool, returning(sql), bindings))
  }

  /** Runs `fn` in one transaction on one pooled connection; a conflict runs it again (see the class). */
  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient
      try {
        client = await this.pool.connect()
      } catch (error) {
        throw new ServiceUnavailable('databaseUnavailable', { cause: error })
      }
      let broken: unknown
      // The first statement that failed: PostgreSQL aborts the transaction there, even when the caller caught it.
      let failed: unknown
      const tx = this.executor(client)
      const watch = <R>(work: Promise<R>): Promise<R> =>
        work.catch((error: unknown) => {
          failed ??= error
          throw error
        })
      const watched: Executor = {
        all: <R>(sql: string, b?: readonly unknown[]) => watch(tx.all<R>(sql, b)),
        run: (sql, b) => watch(tx.run(sql, b)),
      }
      try {
        await client.query('BEGIN')
        const result = await fn(watched)
        // COMMIT of an aborted transaction rolls it back without an error: the statement that failed is the error.
        const { command } = await client.query('COMMIT')
        if (command === 'ROLLBACK')
          throw failed ?? new Error('PostgreSQL rolled the transaction back at COMMIT')
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
        } catch (rollbackError) {
          broken = rollbackError
        }
        // A stale plan aborted the transaction (the statements have new names now): it runs again, too.
        if (!isRetryableConflict(error) && !isStalePlan(failed ?? error)) throw error
        if (attempt >= TRANSACTION_TRIES)
          throw new ServiceUnavailable('writeConflict', { cause: error })
        this.retries++
      } finally {
        // A connection that could not roll back leaves the pool.
        client.release(broken instanceof Error ? broken : undefined)
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.random() * RETRY_BASE_MS * 2 ** (attempt - 1)),
      )
    }
  }

  /** How many transactions were run again after a conflict (tests, benchmarks). */
  retries = 0

  onQuery(listener: QueryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  #closed: Promise<void> | undefined

  /** Ends the pool; a second call waits for the first (pg's Pool.end throws when called twice). */
  close(): Promise<void> {
    return (this.#closed ??= (async () => {
      await this.pool.end()
      await this.replicas?.close()
      await this.knex?.destroy()
    })())
  }
}

const INSERT = /^\s*INSERT\b/i
/**
 * PostgreSQL has no last-insert id: an INSERT run for its RunResult returns its rows (`RETURNING *`, the new id
 * among them) unless it says what to return (the store's ` RETURNING id`, dialect.returningId).
 */
function returning(sql: string): string {
  if (!INSERT.test(sql) || /\bRETURNING\b/i.test(sql)) return sql
  return `${sql.replace(/[\s;]+$/, '')} RETURNING *`
}

/** An INSERT … RETURNING id gives the new row's id; `changes` is the rows the statement touched. */
function runResult(r: pg.QueryResult): RunResult {
  const first: unknown = r.rows[0]
  const id =
    r.command === 'INSERT' && first && typeof first === 'object' && 'id' in first ? first.id : 0
  const insertId = Number(id ?? 0)
  return { insertId: Number.isFinite(insertId) ? insertId : 0, changes: r.rowCount ?? 0 }
}
