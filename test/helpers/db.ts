/**
 * Every behaviour suite runs on the database `DATABASE_URL` names: SQLite in memory by default,
 * MariaDB/MySQL when it is a `mysql://` URL, PostgreSQL when it is a `postgres://` one (each test file gets a fresh
 * database of its own, dropped after).
 */
import type { ExecutionContext, TestFn } from 'ava'
import type { Knex } from 'knex'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import type { Config } from '../../server/config/types.ts'
import { databaseKind, type DatabaseKind } from '../matrix.ts'

export const dialectName: DatabaseKind = databaseKind(process.env.DATABASE_URL)

/** The statement refreshing the planner statistics of `table`, in the words of the database under test. */
export const analyzeStatement = (table: string): string =>
  dialectName === 'sqlite'
    ? 'ANALYZE'
    : dialectName === 'postgres'
      ? `ANALYZE "${table}"`
      : `ANALYZE TABLE ${table}`

/** A database URL for one test file (a new MySQL or PostgreSQL database, or an in-memory SQLite one). */
/**
 * knex for the MariaDB and PostgreSQL administration below, loaded on first use: with lodash it is about 320 modules,
 * which a worker on SQLite never needs (the server loads it only for its dialect too).
 */
async function knexFactory(config: Knex.Config): Promise<Knex> {
  const { default: knex } = await import('knex')
  return knex(config)
}

export async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL
  const name = `cms_t_${randomBytes(6).toString('hex')}`
  if (base && dialectName === 'postgres') return freshPostgresDatabase(base, name)
  if (!base || !base.startsWith('mysql')) return { url: 'sqlite::memory:', drop: async () => {} }
  const u = new URL(base)
  const admin = await knexFactory({
    client: 'mysql2',
    connection: {
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    },
  })
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``)
      await admin.destroy()
    },
  }
}

/** A new PostgreSQL database `name` on the server of `base`, dropped with its connections after. */
async function freshPostgresDatabase(
  base: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = await knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } })
  await admin.raw(`CREATE DATABASE "${name}"`)
  const u = new URL(base)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.destroy()
    },
  }
}

/**
 * Starts a CMS on a fresh database before the file's tests (tests must be declared synchronously),
 * runs `init` once, and closes and drops everything after them.
 */
export function useCms<T = undefined>(
  test: TestFn,
  config: Config,
  init?: (cms: Cms) => Promise<T>,
): { cms: Cms; data: T } {
  const state = {} as { cms: Cms; data: T }
  let drop = async () => {}
  test.before(async () => {
    const fresh = await freshDatabaseUrl()
    drop = fresh.drop
    state.cms = await getCms({ config: { ...config, db: { ...config.db, url: fresh.url } } })
    state.data = (init ? await init(state.cms) : undefined) as T
  })
  test.after.always(async () => {
    await state.cms?.destroy()
    await drop()
  })
  return state
}

/** Counts the SQL statements `fn` sends. */
export async function countQueries<T>(
  cms: Cms,
  fn: () => Promise<T>,
): Promise<{ result: T; queries: number; statements: string[] }> {
  const statements: string[] = []
  const off = cms.db.onQuery((sql) => statements.push(sql))
  try {
    const result = await fn()
    return { result, queries: statements.length, statements }
  } finally {
    off()
  }
}

/** Asserts that `promise` rejects with an error of `name` and `status`, and returns it. */
export async function rejectsWith(
  t: ExecutionContext,
  promise: Promise<unknown>,
  name: string,
  status: number,
): Promise<Error & { status: number; data?: unknown }> {
  const error = (await t.throwsAsync(promise)) as Error & { status: number; data?: unknown }
  t.is(error?.name, name, error?.message)
  t.is(error?.status, status)
  return error
}

/**
 * A database several server processes can share: a fresh MySQL or PostgreSQL database, or a SQLite file in a
 * temporary folder (an in-memory one lives in one process only).
 */
export async function sharedDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialectName !== 'sqlite') return freshDatabaseUrl()
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-shared-'))
  return {
    url: `sqlite:${path.join(dir, 'cms.db')}`,
    drop: () => rm(dir, { recursive: true, force: true }),
  }
}

/**
 * What the database server is doing for the database of `url` (its sessions: state, wait, open transaction, the
 * statement), read on a connection of its own: a test that timed out logs it, to tell a lock wait or a
 * transaction left open from a hang in the process. SQLite has no server: nothing.
 */
export async function databaseActivity(url: string): Promise<string> {
  if (!/^(postgres|postgresql|mysql):/.test(url)) return ''
  const postgres = !url.startsWith('mysql')
  const u = new URL(url)
  const name = u.pathname.slice(1)
  u.search = ''
  const probe = await knexFactory({
    client: postgres ? 'pg' : 'mysql2',
    connection: u.toString(),
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 5000,
  })
  try {
    const sql = postgres
      ? `SELECT pid, state, wait_event_type AS wait_type, wait_event AS wait,
           round(extract(epoch FROM now() - xact_start)::numeric, 1) AS xact_s, left(query, 160) AS query
         FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid() ORDER BY pid`
      : `SELECT id, command, state, time, left(info, 160) AS query FROM information_schema.processlist
         WHERE db = ? AND id <> connection_id() ORDER BY id`
    const result = await probe.raw(sql, [name])
    const rows = (postgres ? result.rows : result[0]) as Record<string, unknown>[]
    return rows.map((r) => JSON.stringify(r)).join('\n') || '(no sessions)'
  } catch (e) {
    return `(activity unreadable: ${(e as Error).message})`
  } finally {
    await probe.destroy()
  }
}

/** `work`, whose failure also says what the database of `url` was doing then (`databaseActivity`). */
export async function explained<T>(url: string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    const activity = await databaseActivity(url)
    if (activity && error instanceof Error)
      error.message += `\nthe database's sessions:\n${activity}`
    throw error
  }
}
