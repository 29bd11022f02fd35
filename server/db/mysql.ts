import type { Knex } from 'knex'
import { mysqlDialect } from './dialects/mysql.ts'
import {
  toBinding,
  type Database,
  type Executor,
  type QueryListener,
  type RunResult,
} from './database.ts'

/** MySQL / MariaDB through Knex's mysql2 pool; statements are raw parameterised SQL. */
export class MysqlDatabase implements Database {
  readonly dialect = mysqlDialect
  private readonly knex: Promise<Knex>
  readonly description: string
  private readonly listeners = new Set<QueryListener>()

  constructor(url: string) {
    const u = new URL(url)
    this.description = `mysql://${u.hostname}:${u.port || 3306}${u.pathname}`
    // Knex loads lazily: an app on SQLite never pays for it at start-up.
    this.knex = import('knex').then(({ default: knexFactory }) =>
      knexFactory({
        client: 'mysql2',
        connection: {
          host: u.hostname,
          port: Number(u.port || 3306),
          user: decodeURIComponent(u.username),
          password: decodeURIComponent(u.password),
          database: decodeURIComponent(u.pathname.slice(1)),
          charset: 'utf8mb4',
          timezone: 'Z',
          // Integers and doubles come back as numbers, never strings.
          supportBigNumbers: true,
          decimalNumbers: true,
        },
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

  private async exec(
    runner: Knex | Knex.Transaction,
    sql: string,
    bindings: readonly unknown[],
  ): Promise<unknown> {
    for (const l of this.listeners) l(sql, bindings)
    const [result] = await runner.raw(sql, bindings.map(toBinding) as Knex.RawBinding[])
    return result
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

  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return (await this.knex).transaction((trx) => fn(this.executor(trx)))
  }

  onQuery(listener: QueryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    await (await this.knex).destroy()
  }
}
