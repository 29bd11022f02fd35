import test from 'ava'
import BetterSqlite3 from 'better-sqlite3'
import { AsyncLocalStorage } from 'node:async_hooks'
import knexFactory from 'knex'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import { listen, type RunningServer } from '../../server/http/server.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { WalSync } from '../../server/db/sqlite-wal-sync.ts'
import { ServiceUnavailable } from '../../server/errors/service-unavailable.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'
import { behindPrism } from '../helpers/prism.ts'

/** Durability: SQLite commits are on disk when acknowledged; /api/health fails when the database cannot write. */
const config = defineConfig({
  collections: [
    { slug: 'notes', access: { read: () => true }, fields: [{ name: 'text', type: 'text' }] },
  ],
})

/** The warnings the server logged (JSON lines), for the health check's reason. */
type Served = RunningServer & { warnings: () => { msg: string; reason?: string }[] }

async function serve(url: string): Promise<Served> {
  const cms = await getCms({ config: { ...config, db: { url } } })
  const lines: string[] = []
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) })
  const server = await listen(cms, { port: 0, logger })
  // In Prism mode the tests talk to Prism in front of the server; closing stops both.
  const front = await behindPrism(server.url, import.meta.url)
  const close = async () => {
    try {
      await front.stop()
    } finally {
      await server.close()
    }
  }
  const warnings = () => lines.map((l) => JSON.parse(l) as { msg: string; reason?: string })
  return { ...server, url: front.url, close, warnings }
}
/** The server logged why its health check failed, not only that it did. */
const loggedWhy = (server: Served) =>
  server
    .warnings()
    .some((w) => w.msg === 'health check: the database cannot write' && !!w.reason?.length)
const health = async (server: Served) => {
  const r = await fetch(`${server.url}/api/health`)
  return { status: r.status, body: await r.json() }
}

test('SQLite: a write is acknowledged only once an fsync of the WAL begun after its COMMIT has ended', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-durable-'))
  const cms = await getCms({ config: { ...config, db: { url: `sqlite:${join(dir, 'cms.db')}` } } })
  try {
    const [row] = await cms.db.all<{ synchronous: number }>('PRAGMA synchronous')
    t.is(row.synchronous, 1, 'NORMAL: the commit itself does not wait for the disk')
    const [mode] = await cms.db.all<{ journal_mode: string }>('PRAGMA journal_mode')
    t.is(mode.journal_mode, 'wal')
    const wal = (cms.db as unknown as { walSync: WalSync }).walSync
    // The number of syncs begun when each COMMIT ran: a sync numbered above it began after that commit.
    const atCommit: number[] = []
    const writer = new AsyncLocalStorage<number>()
    const ownCommit = new Map<number, number>()
    const off = cms.db.onQuery((sql) => {
      if (sql !== 'COMMIT') return
      atCommit.push(wal.started)
      const i = writer.getStore()
      if (i !== undefined) ownCommit.set(i, wal.started)
    })
    for (let i = 0; i < 5; i++) {
      const commits = atCommit.length
      await cms.create({ collection: 'notes', data: { text: `n${i}` } })
      t.is(atCommit.length, commits + 1, 'one transaction a create')
      t.true(wal.synced > atCommit[commits]!, `create ${i} was answered before its WAL was synced`)
    }
    // Concurrent writes: each answered once a sync begun after its own COMMIT ended (the listener runs in the
    // async context of the create whose transaction commits), and commits made while one sync runs share the next.
    const before = wal.started
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writer.run(i, async () => {
          const doc = await cms.create({ collection: 'notes', data: { text: `c${i}` } })
          const commit = ownCommit.get(i)
          t.true(
            commit !== undefined && wal.synced > commit,
            `create c${i} was answered before its WAL was synced`,
          )
          return doc
        }),
      ),
    )
    off()
    t.is(created.length, 20)
    t.true(wal.synced === wal.started, 'no sync left running once every write was answered')
    t.true(wal.started - before >= 1 && wal.started - before <= 20)
    t.is((await cms.count({ collection: 'notes' })).totalDocs, 25)
  } finally {
    await cms.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
})

test("SQLite: a write waiting for another connection's lock leaves the event loop free, and goes on once it is released", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-busy-'))
  const file = join(dir, 'cms.db')
  const cms = await getCms({ config: { ...config, db: { url: `sqlite:${file}` } } })
  const other = new BetterSqlite3(file)
  try {
    other.exec('BEGIN IMMEDIATE')
    let settled = false
    const pending = cms.create({ collection: 'notes', data: { text: 'after the lock' } })
    void pending.then(() => (settled = true))
    // SQLite's own busy handler would hold the thread here: a timer of 50 ms could not fire before 5 s.
    const started = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 50))
    t.true(Date.now() - started < 1000, `the event loop stood still ${Date.now() - started} ms`)
    t.false(settled, 'the write waited for the lock')
    other.exec('COMMIT')
    t.is((await pending).text, 'after the lock')
  } finally {
    other.close()
    await cms.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('SQLite: a WAL sync that fails answers commitOutcomeUnknown; a -wal file that cannot be opened syncs as FULL', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-wal-'))
  try {
    // A "-wal file" the kernel refuses to sync (EINVAL): the writes that waited for it cannot be called durable.
    symlinkSync('/dev/null', join(dir, 'a.db-wal'))
    const failing = new WalSync(join(dir, 'a.db'), () => t.fail('the file opened: no fallback'))
    const error = await t.throwsAsync(failing.durable(), { instanceOf: ServiceUnavailable })
    t.is(error?.reason, 'commitOutcomeUnknown')
    t.is(failing.synced, 0)
    await failing.close()
    // No -wal file to open: the connection is turned back to synchronous = FULL, once.
    let fellBack = 0
    const missing = new WalSync(join(dir, 'missing', 'b.db'), () => fellBack++)
    await missing.durable()
    await missing.durable()
    t.is(fellBack, 1)
    t.is(missing.started, 0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('health is a committed write: a database that cannot write answers 503, and 200 again once it can', async (t) => {
  if (dialectName === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cms-health-'))
    const file = join(dir, 'cms.db')
    const server = await serve(`sqlite:${file}`)
    const other = new BetterSqlite3(file)
    try {
      t.deepEqual(await health(server), { status: 200, body: { status: 'ok' } })
      // Another process holds the write lock past the busy timeout: reads still work, writes cannot.
      other.exec('BEGIN EXCLUSIVE')
      t.deepEqual(await health(server), { status: 503, body: { status: 'database cannot write' } })
      t.true(loggedWhy(server), JSON.stringify(server.warnings()))
      other.exec('COMMIT')
      t.is((await health(server)).status, 200)
    } finally {
      other.close()
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    }
    return
  }
  const fresh = await freshDatabaseUrl()
  const server = await serve(fresh.url)
  const u = new URL(fresh.url)
  const postgres = dialectName === 'postgres'
  const locker = knexFactory({
    client: postgres ? 'pg' : 'mysql2',
    connection: {
      host: u.hostname,
      port: Number(u.port),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: u.pathname.slice(1),
    },
    pool: { min: 1, max: 1 },
  })
  try {
    t.is((await health(server)).status, 200)
    // A write lock held by another connection: the probe waits, and health answers 503 within its bound.
    const trx = await locker.transaction()
    // PostgreSQL: LOCK TABLE lasts until the transaction ends (no UNLOCK).
    await trx.raw(
      postgres
        ? 'LOCK TABLE cms_rate_limits IN ACCESS EXCLUSIVE MODE'
        : 'LOCK TABLES cms_rate_limits WRITE',
    )
    const started = Date.now()
    t.deepEqual(await health(server), { status: 503, body: { status: 'database cannot write' } })
    t.true(Date.now() - started < 5000)
    t.true(loggedWhy(server), JSON.stringify(server.warnings()))
    if (!postgres) await trx.raw('UNLOCK TABLES')
    await trx.rollback()
    t.is((await health(server)).status, 200)
  } finally {
    await locker.destroy()
    await server.close()
    await fresh.drop()
  }
})
