import { randomUUID } from 'node:crypto'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import type { Database, Executor } from './database.ts'
import type { Dialect } from './dialects/dialect.ts'
import { describeStep, invert, stepSql, type MigrationSteps } from './migration-steps.ts'
import { planMigration, type Plan, type PlanOptions } from './migration-plan.ts'
import type { TableSpec } from './schema.ts'
import { isNonNullObject, messageOf } from '../utilities/guards.ts'

/**
 * Migration files (`cms migrate:create`, `cms migrate`, `cms migrate:status`, `cms migrate:down`): one file per
 * change in `db.migrationDir` (default `migrations/`), named `YYYYMMDD_HHMMSS_<name>.ts`, applied in name order
 * and recorded in `cms_migrations` with the batch that applied them. Every run holds `cms_migration_lock`, so
 * two processes starting together never apply a migration twice: the second waits, then finds nothing pending.
 */
export interface MigrationContext {
  /** The executor to run SQL on: the migration's transaction on SQLite (MariaDB commits each DDL statement). */
  db: Executor
  dialect: Dialect
}
export type MigrationFunction = (context: MigrationContext) => Promise<void>
export interface MigrationModule {
  up: MigrationSteps | MigrationFunction
  down: MigrationSteps | MigrationFunction
}

export interface MigrationFile {
  name: string
  file: string
}
export interface MigrationStatus {
  name: string
  state: 'applied' | 'pending' | 'missing file'
  batch?: number
  executedAt?: string
}

const FILE = /^(\d{8}_\d{6}_[A-Za-z0-9_-]+)\.(ts|mts|js|mjs)$/
const NAME = /^[A-Za-z0-9_-]{1,100}$/

export function migrationDir(
  config: { db?: { migrationDir?: string } },
  root = process.cwd(),
): string {
  return path.resolve(root, config.db?.migrationDir ?? 'migrations')
}

export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if (isNonNullObject(error) && error.code === 'ENOENT') return []
    throw error
  }
  return names
    .map((n) => FILE.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1], file: path.join(dir, m[0]) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

async function ensureTables(db: Database): Promise<void> {
  for (const statement of db.dialect.migrationTables()) {
    try {
      await db.run(statement)
    } catch (error) {
      // PostgreSQL: two processes creating the table at once, IF NOT EXISTS notwithstanding, fail one of them
      // (the type's or the table's name taken): the table is there now, which a second try sees.
      await db.run(statement).catch(() => Promise.reject(error))
    }
  }
}

export interface LockOptions {
  /** How long to wait for another process's run (default 2 minutes); then an error naming the holder. */
  waitMs?: number
  /** A lock not refreshed for this long belongs to a process that died: it is taken over (default 5 minutes). */
  staleMs?: number
}

/**
 * Runs `fn` holding the migration lock: one row in `cms_migration_lock`, inserted by the holder (the primary
 * key lets one insert win on both databases) and refreshed every few seconds while it works.
 */
export async function withMigrationLock<T>(
  db: Database,
  fn: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const waitMs = options.waitMs ?? 120_000
  const staleMs = options.staleMs ?? 300_000
  await ensureTables(db)
  const table = db.dialect.quote('cms_migration_lock')
  const owner = `${hostname()} pid ${process.pid} ${randomUUID()}`
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      await db.run(`INSERT INTO ${table} (id, owner, locked_at) VALUES (1, ?, ?)`, [
        owner,
        new Date().toISOString(),
      ])
      break
    } catch (error) {
      if (db.dialect.uniqueViolation(error) === undefined) throw error
    }
    const [held] = await db.all<{ owner: string; locked_at: string }>(
      `SELECT owner, locked_at FROM ${table} WHERE id = 1`,
    )
    if (held && Date.parse(held.locked_at) < Date.now() - staleMs) {
      await db.run(`DELETE FROM ${table} WHERE id = 1 AND owner = ? AND locked_at = ?`, [
        held.owner,
        held.locked_at,
      ])
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Another process holds the migration lock (${held?.owner ?? 'unknown'}, since ${held?.locked_at ?? '?'}). ` +
          'If it died, run `cms migrate:unlock`.',
      )
    }
    await sleep(100)
  }
  const beat = setInterval(
    () => {
      db.run(`UPDATE ${table} SET locked_at = ? WHERE id = 1 AND owner = ?`, [
        new Date().toISOString(),
        owner,
      ]).catch(() => {})
    },
    Math.max(1000, Math.floor(staleMs / 10)),
  )
  beat.unref()
  try {
    return await fn()
  } finally {
    clearInterval(beat)
    await db.run(`DELETE FROM ${table} WHERE id = 1 AND owner = ?`, [owner])
  }
}

/** Removes a lock left by a process that died holding it. */
export async function unlockMigrations(db: Database): Promise<boolean> {
  await ensureTables(db)
  const { changes } = await db.run(`DELETE FROM ${db.dialect.quote('cms_migration_lock')}`)
  return changes > 0
}

async function appliedRows(
  db: Executor,
): Promise<{ name: string; batch: number; executed_at: string }[]> {
  return db.all(`SELECT name, batch, executed_at FROM cms_migrations ORDER BY id`)
}

async function load(file: MigrationFile): Promise<MigrationModule> {
  const mod: unknown = await import(pathToFileURL(file.file).href)
  const ok = (part: unknown): part is MigrationSteps | MigrationFunction =>
    Array.isArray(part) || typeof part === 'function'
  if (!isNonNullObject(mod) || !ok(mod.up) || !ok(mod.down)) {
    throw new Error(
      `Migration ${file.name} must export \`up\` and \`down\` (step lists or async functions).`,
    )
  }
  return { up: mod.up, down: mod.down }
}

async function run(
  db: Database,
  part: MigrationSteps | MigrationFunction,
  record: (ex: Executor) => Promise<unknown>,
) {
  const sql: string[] = []
  if (Array.isArray(part)) for (const step of part) sql.push(...(await stepSql(db, step)))
  const body = async (ex: Executor) => {
    if (typeof part === 'function') await part({ db: ex, dialect: db.dialect })
    for (const statement of sql) await ex.run(statement)
    await record(ex)
  }
  // SQLite runs DDL inside a transaction: a failing migration leaves nothing behind. MariaDB commits each DDL
  // statement implicitly, so a migration failing halfway there has applied its earlier statements.
  if (db.dialect.transactionalDDL) await db.transaction(body)
  else await body(db)
}

export type Log = (line: string) => void

/** Applies every pending migration, in name order, as one batch. Returns the names applied. */
export async function applyMigrations(
  db: Database,
  dir: string,
  log: Log = () => {},
  lock?: LockOptions,
): Promise<string[]> {
  return withMigrationLock(
    db,
    async () => {
      const rows = await appliedRows(db)
      const done = new Set(rows.map((r) => r.name))
      const pending = (await listMigrations(dir)).filter((f) => !done.has(f.name))
      if (!pending.length) return []
      const batch = Math.max(0, ...rows.map((r) => Number(r.batch))) + 1
      for (const file of pending) {
        const mod = await load(file)
        try {
          await run(db, mod.up, (ex) =>
            ex.run('INSERT INTO cms_migrations (name, batch, executed_at) VALUES (?, ?, ?)', [
              file.name,
              batch,
              new Date().toISOString(),
            ]),
          )
        } catch (error) {
          throw new Error(`Migration ${file.name} failed: ${messageOf(error)}`, {
            cause: error,
          })
        }
        log(`Applied ${file.name} (batch ${batch})`)
      }
      return pending.map((f) => f.name)
    },
    lock,
  )
}

/** Runs `down` of every migration of the last batch, newest first. Returns the names rolled back. */
export async function rollbackMigrations(
  db: Database,
  dir: string,
  log: Log = () => {},
): Promise<string[]> {
  return withMigrationLock(db, async () => {
    const rows = await appliedRows(db)
    if (!rows.length) return []
    const batch = Math.max(...rows.map((r) => Number(r.batch)))
    const files = new Map((await listMigrations(dir)).map((f) => [f.name, f]))
    const last = rows.filter((r) => Number(r.batch) === batch).reverse()
    for (const row of last) {
      const file = files.get(row.name)
      if (!file) throw new Error(`Cannot roll back ${row.name}: its file is not in ${dir}.`)
      const mod = await load(file)
      try {
        await run(db, mod.down, (ex) =>
          ex.run('DELETE FROM cms_migrations WHERE name = ?', [row.name]),
        )
      } catch (error) {
        throw new Error(`Rolling back ${row.name} failed: ${messageOf(error)}`, {
          cause: error,
        })
      }
      log(`Rolled back ${row.name} (batch ${batch})`)
    }
    return last.map((r) => r.name)
  })
}

export async function migrationStatus(db: Database, dir: string): Promise<MigrationStatus[]> {
  await ensureTables(db)
  const rows = await appliedRows(db)
  const files = await listMigrations(dir)
  const byName = new Map(rows.map((r) => [r.name, r]))
  const out: MigrationStatus[] = files.map((f) => {
    const row = byName.get(f.name)
    return row
      ? { name: f.name, state: 'applied', batch: Number(row.batch), executedAt: row.executed_at }
      : { name: f.name, state: 'pending' }
  })
  const known = new Set(files.map((f) => f.name))
  for (const row of rows) {
    if (!known.has(row.name))
      out.push({
        name: row.name,
        state: 'missing file',
        batch: Number(row.batch),
        executedAt: row.executed_at,
      })
  }
  return out.sort((a, b) => a.name.localeCompare(b.name))
}

export interface CreatedMigration {
  file: string
  plan: Plan
}

/**
 * Writes a migration file for the difference between `tables` (the config) and the database. Drops are written
 * out, each with what it destroys, in the file's header: applying the file is the only way they happen.
 * Without any difference the file is a blank pair of functions for a data migration.
 */
export async function createMigration(
  db: Database,
  tables: TableSpec[],
  dir: string,
  name: string,
  options: PlanOptions & { now?: Date } = {},
): Promise<CreatedMigration> {
  if (!NAME.test(name))
    throw new Error(
      `A migration name is letters, digits, "_" and "-" (at most 100); got "${name}".`,
    )
  const pending = (await migrationStatus(db, dir)).filter((s) => s.state === 'pending')
  if (pending.length) {
    throw new Error(
      `Apply the pending migrations first (cms migrate): ${pending.map((p) => p.name).join(', ')}. The new file is the difference from the database.`,
    )
  }
  const plan = await planMigration(db, tables, options)
  const now = options.now ?? new Date()
  // Files apply in name order: a name never sorts before an existing one, even when created in the same second.
  const stampOf = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15)
  const last = (await listMigrations(dir)).at(-1)?.name.slice(0, 15)
  const after = (stamp: string) =>
    new Date(
      Date.parse(stamp.replace(/^(\d{4})(\d\d)(\d\d)_(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6Z')) +
        1000,
    )
  const stamp = last && stampOf(now) <= last ? stampOf(after(last)) : stampOf(now)
  const file = path.join(dir, `${stamp}_${name}.ts`)
  await mkdir(dir, { recursive: true })
  await writeFile(file, renderMigration(name, plan, db.description, now), { flag: 'wx' })
  return { file, plan }
}

function renderMigration(name: string, plan: Plan, database: string, now: Date): string {
  const header = [
    `/**`,
    ` * Migration "${name}": written by \`cms migrate:create\` on ${now.toISOString()} from the difference between`,
    ` * the config and ${database}. Review it, apply it with \`cms migrate\`; \`cms migrate:down\` runs \`down\`.`,
  ]
  if (!plan.steps.length) {
    return [
      ...header,
      ` * The schema matched the config: this is a blank migration for a data change (SQL through \`db\`).`,
      ` */`,
      `import type { MigrationContext } from 'contract-cms'`,
      ``,
      `export async function up({ db }: MigrationContext): Promise<void> {`,
      `  void db // e.g. await db.run('UPDATE posts SET views = 0 WHERE views IS NULL')`,
      `}`,
      ``,
      `export async function down({ db }: MigrationContext): Promise<void> {`,
      `  void db`,
      `}`,
      ``,
    ].join('\n')
  }
  const drops = plan.drops.length
    ? [
        ` *`,
        ` * DROPS DATA when applied (counted when this file was written):`,
        ...plan.drops.map((d) => ` *   - ${d}`),
        ` * \`down\` re-creates what this drops, empty: the data itself does not come back.`,
      ]
    : []
  const list = (steps: MigrationSteps) =>
    steps
      .map(
        (s) =>
          `  // ${s.op === 'dropTable' || s.op === 'dropColumn' ? 'DROPS DATA: ' : ''}${describeStep(s)}\n  ${JSON.stringify(s)},`,
      )
      .join('\n')
  return [
    ...header,
    ...drops,
    ` */`,
    `import type { MigrationSteps } from 'contract-cms'`,
    ``,
    `export const up: MigrationSteps = [`,
    list(plan.steps),
    `]`,
    ``,
    `export const down: MigrationSteps = [`,
    list(invert(plan.steps)),
    `]`,
    ``,
  ].join('\n')
}
