import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { connect } from '../../server/db/connect.ts'
import type { Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { stepSql } from '../../server/db/migration-steps.ts'
import { applyMigrations, createMigration, rollbackMigrations } from '../../server/db/migrator.ts'
import { internalTables, schemaFor, type TableSpec } from '../../server/db/schema.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { authHooksConfig } from '../fixtures/auth-hooks.ts'
import { blogConfig } from '../fixtures/blog.ts'
import { catalogConfig } from '../fixtures/catalog.ts'
import { magazine, shop } from '../fixtures/contract-configs.ts'
import { customIdsConfig } from '../fixtures/custom-ids.ts'
import { dupAccessConfig } from '../fixtures/dupaccess.ts'
import { joinsConfig } from '../fixtures/joins.ts'
import { querySurfaceConfig } from '../fixtures/query-surface.ts'
import { restConfig } from '../fixtures/rest.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'

/**
 * Galera replicates and certifies rows by their primary key: every table the CMS creates has one (checked in the
 * database's own catalogue, not in the specs), and a database made before the internal tables had keys gets them
 * from `push` at start and from a migration file, its rows kept.
 */

/** Tables of the current database without a declared primary key. */
async function tablesWithoutPrimaryKey(db: Database): Promise<string[]> {
  if (db.dialect.name === 'mysql') {
    const rows = await db.all<{ t: string }>(
      `SELECT t.TABLE_NAME AS t FROM information_schema.TABLES t
       WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE' AND NOT EXISTS (
         SELECT 1 FROM information_schema.TABLE_CONSTRAINTS c
         WHERE c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME AND c.CONSTRAINT_TYPE = 'PRIMARY KEY')
       ORDER BY t.TABLE_NAME`,
    )
    return rows.map((r) => r.t)
  }
  if (db.dialect.name === 'postgres') {
    const rows = await db.all<{ t: string }>(
      `SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind = 'r' AND NOT EXISTS (
         SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary)
       ORDER BY c.relname`,
    )
    return rows.map((r) => r.t)
  }
  const rows = await db.all<{ t: string }>(
    `SELECT m.name AS t FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
     AND NOT EXISTS (SELECT 1 FROM pragma_table_info(m.name) p WHERE p.pk > 0) ORDER BY m.name`,
  )
  return rows.map((r) => r.t)
}

async function tableNames(db: Database): Promise<string[]> {
  const rows =
    db.dialect.name === 'mysql'
      ? await db.all<{ t: string }>(
          "SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
        )
      : db.dialect.name === 'postgres'
        ? await db.all<{ t: string }>(
            "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
          )
        : await db.all<{ t: string }>(
            "SELECT name AS t FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
          )
  return rows.map((r) => r.t).sort()
}

/** A fresh database for one test: a temporary SQLite file (several connections see it) or a MariaDB database. */
async function freshDatabase(): Promise<{ url: string; done: () => Promise<void> }> {
  const fresh = await freshDatabaseUrl()
  if (fresh.url !== 'sqlite::memory:') return { url: fresh.url, done: fresh.drop }
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pk-'))
  return {
    url: `sqlite:${path.join(dir, 'cms.db')}`,
    done: () => rm(dir, { recursive: true, force: true }),
  }
}

/** The internal tables as the CMS created them before they had primary keys (a unique index on the key). */
// The internal tables of a database from before the keys: cms_generations (cached totals) and cms_unique_paths
// (unique values inside JSON) came later, keyed.
const unkeyedInternalTables = (): TableSpec[] =>
  internalTables()
    .filter((t) => t.name !== 'cms_generations' && t.name !== 'cms_unique_paths')
    .map((t) => ({
      ...t,
      columns: t.columns.map(({ primary: _, ...c }) => c),
    }))

async function createUnkeyedInternalTables(db: Database): Promise<void> {
  for (const t of unkeyedInternalTables())
    for (const sql of await stepSql(db, { op: 'createTable', table: t.name, ...t }))
      await db.run(sql)
  await db.run(
    `INSERT INTO cms_globals (slug, data, ${db.dialect.quote('createdAt')}, ${db.dialect.quote('updatedAt')}) VALUES (?, ?, ?, ?)`,
    [
      'site-settings',
      JSON.stringify({ siteName: 'Kept through the migration', maintenanceMode: true }),
      '2024-01-01T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
    ],
  )
  await db.run(
    'INSERT INTO cms_sessions (sid, collection, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    ['old-session', 'users', 1, 1, 2],
  )
  await db.run('INSERT INTO cms_rate_limits (bucket, window_start, hits) VALUES (?, ?, ?)', [
    'login:127.0.0.1',
    1000,
    3,
  ])
  await db.run('INSERT INTO cms_webhook_events (event_id, received_at) VALUES (?, ?)', [
    'evt_kept',
    1000,
  ])
}

async function internalRows(db: Database) {
  return {
    // The JSON parsed: PostgreSQL's jsonb keeps the value, not its spelling (key order, spaces).
    globals: (
      await db.all<{ slug: string; data: string }>('SELECT slug, data FROM cms_globals')
    ).map((r) => ({ slug: r.slug, data: JSON.parse(r.data) as unknown })),
    sessions: await db.all('SELECT sid, collection, user_id FROM cms_sessions'),
    limits: await db.all('SELECT bucket, window_start, hits FROM cms_rate_limits'),
    events: await db.all('SELECT event_id, received_at FROM cms_webhook_events'),
  }
}

const keptRows = {
  globals: [
    {
      slug: 'site-settings',
      data: { siteName: 'Kept through the migration', maintenanceMode: true },
    },
  ],
  sessions: [{ sid: 'old-session', collection: 'users', user_id: 1 }],
  limits: [{ bucket: 'login:127.0.0.1', window_start: 1000, hits: 3 }],
  events: [{ event_id: 'evt_kept', received_at: 1000 }],
}

test('every table of the example app has a primary key, pushed at start or created by a migration file', async (t) => {
  const pushed = await freshDatabase()
  try {
    const cms = await getCms({ config: { ...exampleConfig, db: { url: pushed.url } } })
    try {
      await cms.config.seed!(cms)
      const names = await tableNames(cms.db)
      for (const expected of [
        'cms_globals',
        'cms_sessions',
        'cms_rate_limits',
        'cms_webhook_events',
        'cms_migration_lock',
        'users',
        'posts',
        '_posts_versions',
      ])
        t.true(names.includes(expected), `${expected} in ${names.join(', ')}`)
      t.deepEqual(await tablesWithoutPrimaryKey(cms.db), [])
    } finally {
      await cms.destroy()
    }
  } finally {
    await pushed.done()
  }

  // The same schema through `cms migrate:create` and `cms migrate` on an empty database.
  const migrated = await freshDatabase()
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pk-migrations-'))
  const db = connect(migrated.url)
  try {
    const config = sanitizeConfig({ ...exampleConfig, db: { url: migrated.url } })
    await createMigration(db, schemaFor(config).tables, dir, 'initial')
    t.is((await applyMigrations(db, dir)).length, 1)
    t.true((await tableNames(db)).includes('cms_migrations'))
    t.deepEqual(await tablesWithoutPrimaryKey(db), [])
  } finally {
    await db.close()
    await migrated.done()
    await rm(dir, { recursive: true, force: true })
  }
})

test('every table of the test fixtures has a primary key', async (t) => {
  const fixtures: Record<string, Config> = {
    authHooksConfig,
    blogConfig,
    catalogConfig,
    magazine,
    shop,
    customIdsConfig,
    dupAccessConfig,
    joinsConfig,
    querySurfaceConfig,
    restConfig,
  }
  for (const [name, config] of Object.entries(fixtures)) {
    const fresh = await freshDatabase()
    const db = connect(fresh.url)
    try {
      await migrate(db, schemaFor(sanitizeConfig(config)).tables)
      t.true((await tableNames(db)).length > 4, name)
      t.deepEqual(await tablesWithoutPrimaryKey(db), [], name)
    } finally {
      await db.close()
      await fresh.done()
    }
  }
})

test('a database made before the internal tables had keys gets them at start (push), its rows kept', async (t) => {
  const fresh = await freshDatabase()
  try {
    const old = connect(fresh.url)
    try {
      await createUnkeyedInternalTables(old)
      t.deepEqual(await tablesWithoutPrimaryKey(old), [
        'cms_globals',
        'cms_rate_limits',
        'cms_sessions',
        'cms_webhook_events',
      ])
    } finally {
      await old.close()
    }
    const cms = await getCms({ config: { ...exampleConfig, db: { url: fresh.url } } })
    try {
      t.deepEqual(await tablesWithoutPrimaryKey(cms.db), [])
      t.deepEqual(await internalRows(cms.db), keptRows)
      // The unique index of before stays beside the key.
      const indexes = await cms.db.dialect.catalogue(cms.db)
      t.true(indexes.indexes.some((i) => i.index === 'cms_sessions_sid_unique'))
      t.like(await cms.findGlobal({ slug: 'site-settings' }), {
        siteName: 'Kept through the migration',
        maintenanceMode: true,
      })
      // Sessions, rate limits and globals work on the keyed tables.
      await cms.create({
        collection: 'users',
        data: { email: 'pk@example.com', password: 'secret-123', name: 'PK', roles: ['admin'] },
        overrideAccess: true,
      })
      const login = await cms.login({
        collection: 'users',
        data: { email: 'pk@example.com', password: 'secret-123' },
      })
      t.truthy(login.token)
      t.is(
        (
          await cms.db.all<{ n: number }>('SELECT COUNT(*) AS n FROM cms_sessions WHERE sid <> ?', [
            'old-session',
          ])
        )[0]!.n,
        1,
      )
      await cms.updateGlobal({ slug: 'site-settings', data: { siteName: 'Changed' } })
      t.like(await cms.findGlobal({ slug: 'site-settings' }), { siteName: 'Changed' })
      // A second start finds nothing to do.
      t.is((await migrate(cms.db, schemaFor(cms.config).tables)).statements, 0)
    } finally {
      await cms.destroy()
    }
  } finally {
    await fresh.done()
  }
})

test('a migration file keys the internal tables of an old database, and its down removes the keys', async (t) => {
  const fresh = await freshDatabase()
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pk-migrations-'))
  const db = connect(fresh.url)
  try {
    await createUnkeyedInternalTables(db)
    const tables = schemaFor(sanitizeConfig({ ...exampleConfig, db: { url: fresh.url } })).tables
    // The collections' tables are there already (an old database): the keys are missing, and the two internal
    // tables that came later (cms_unique_paths, cms_generations).
    for (const table of tables.filter((x) => !x.name.startsWith('cms_')))
      for (const sql of await stepSql(db, { op: 'createTable', table: table.name, ...table }))
        await db.run(sql)
    const { file, plan } = await createMigration(db, tables, dir, 'primary_keys')
    t.deepEqual(
      plan.steps.map((s) => `${s.op} ${'table' in s ? s.table : ''}`),
      [
        'createTable cms_unique_paths',
        'createTable cms_generations',
        'addPrimaryKey cms_globals',
        'addPrimaryKey cms_sessions',
        'addPrimaryKey cms_rate_limits',
        'addPrimaryKey cms_webhook_events',
      ],
    )
    t.deepEqual(plan.drops, [])
    const text = await readFile(file, 'utf8')
    t.true(text.includes('// add primary key cms_sessions (sid)'), text)
    t.true(text.includes('// drop primary key cms_sessions (sid)'), text)

    t.is((await applyMigrations(db, dir)).length, 1)
    t.deepEqual(await tablesWithoutPrimaryKey(db), [])
    t.deepEqual(await internalRows(db), keptRows)
    // A duplicate key is refused by the key (and the unique index beside it).
    const dup = await t.throwsAsync(
      db.run('INSERT INTO cms_webhook_events (event_id, received_at) VALUES (?, ?)', [
        'evt_kept',
        2000,
      ]),
    )
    t.truthy(db.dialect.uniqueViolation(dup))
    // Nothing left to migrate.
    t.deepEqual((await createMigration(db, tables, dir, 'nothing')).plan.steps, [])
  } finally {
    await db.close()
    await fresh.done()
    await rm(dir, { recursive: true, force: true })
  }
})

test('rolling back the key migration leaves the tables as they were, rows kept', async (t) => {
  const fresh = await freshDatabase()
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pk-migrations-'))
  const db = connect(fresh.url)
  try {
    await createUnkeyedInternalTables(db)
    const tables = internalTables()
    await createMigration(db, tables, dir, 'primary_keys')
    await applyMigrations(db, dir)
    t.deepEqual(await tablesWithoutPrimaryKey(db), [])
    t.is((await rollbackMigrations(db, dir)).length, 1)
    t.deepEqual(await tablesWithoutPrimaryKey(db), [
      'cms_globals',
      'cms_rate_limits',
      'cms_sessions',
      'cms_webhook_events',
    ])
    t.deepEqual(await internalRows(db), keptRows)
    t.is((await applyMigrations(db, dir)).length, 1)
    t.deepEqual(await tablesWithoutPrimaryKey(db), [])
    t.deepEqual(await internalRows(db), keptRows)
  } finally {
    await db.close()
    await fresh.done()
    await rm(dir, { recursive: true, force: true })
  }
})
