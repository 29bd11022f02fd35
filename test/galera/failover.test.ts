import test, { type ExecutionContext } from 'ava'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { connect } from '../../server/db/connect.ts'
import { MysqlDatabase } from '../../server/db/mysql-database.ts'
import { getCms } from '../../server/local/get-cms.ts'
import type { Config } from '../../server/config/types.ts'
import type { Cms } from '../../server/local/cms.ts'

// Runs on the three-node cluster of scripts/galera-start.sh (`npm run test:galera`); skipped without GALERA_URLS.
const urls = (process.env.GALERA_URLS ?? '').split(/\s+/).filter(Boolean)
const galera = urls.length >= 3 ? test.serial : test.skip
const port = (url: string) => Number(new URL(url).port)

async function status(db: MysqlDatabase, name: string): Promise<string> {
  const [row] = await db.all<{ Value: string }>('SHOW STATUS LIKE ?', [name])
  return String(row?.Value)
}

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`)
    await sleep(100)
  }
  return Date.now() - started
}

/**
 * Takes a node out of the primary component (`gmcast.isolate`: it stops talking to the others, is suspected and
 * left behind after a few seconds, and answers 1047 to reads and writes), then brings it back (IST).
 */
async function isolate(admin: MysqlDatabase, on: boolean): Promise<number> {
  await admin.run(`SET GLOBAL wsrep_provider_options = 'gmcast.isolate=${on ? 1 : 0}'`)
  return on
    ? until('non-Primary', async () => (await status(admin, 'wsrep_cluster_status')) !== 'Primary')
    : until(
        'Synced again',
        async () =>
          (await status(admin, 'wsrep_local_state_comment')) === 'Synced' &&
          (await status(admin, 'wsrep_cluster_size')) === '3',
      )
}

galera(
  'a node outside the primary component (1047): the pool moves to another node; reads and writes succeed, each write once',
  async (t) => {
    const hosts = urls.map((url) => new URL(url).host)
    const db = connect(`mysql://cms:cms@${hosts.join(',')}/cms`) as MysqlDatabase
    const admin = connect(urls[0]!) as MysqlDatabase
    const others = urls.slice(1).map((url) => connect(url) as MysqlDatabase)
    let isolated = false
    t.teardown(async () => {
      if (isolated) await isolate(admin, false)
      await db.run('DROP TABLE IF EXISTS galera_failover')
      await Promise.all([db, admin, ...others].map((d) => d.close()))
    })
    await db.run('DROP TABLE IF EXISTS galera_failover')
    await db.run('CREATE TABLE galera_failover (id CHAR(36) PRIMARY KEY, n INT NOT NULL)')
    // The pool holds several connections, all on the first node.
    const ports = await Promise.all(
      [1, 2, 3, 4].map(
        async () => (await db.all<{ p: number }>('SELECT @@port AS p, SLEEP(0.05)'))[0]!.p,
      ),
    )
    t.deepEqual(new Set(ports), new Set([port(urls[0]!)]))

    isolated = true
    const isolatedIn = await isolate(admin, true)
    const retriesBefore = db.retries
    const started = Date.now()
    const ids: string[] = []
    for (let n = 0; n < 20; n++) {
      const id = randomUUID()
      await db.transaction(async (tx) => {
        await tx.run('INSERT INTO galera_failover (id, n) VALUES (?, ?)', [id, n])
      })
      ids.push(id)
    }
    const writesMs = Date.now() - started
    const [where] = await db.all<{ p: number; ready: string }>(
      "SELECT @@port AS p, (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_READY') AS ready",
    )
    t.not(where!.p, port(urls[0]!), 'new connections go to a node of the primary component')
    t.is(where!.ready, 'ON')
    t.true(db.retries > retriesBefore, 'the writes that met the isolated node were run again')

    // Every acknowledged write is on the nodes of the primary component, exactly once.
    for (const other of others) {
      const rows = await other.all<{ id: string; n: number }>(
        'SELECT id, n FROM galera_failover ORDER BY n',
      )
      t.deepEqual(
        rows.map((r) => r.id),
        ids,
      )
    }

    // Back in the cluster, the isolated node catches up (IST) and has the same rows.
    const rejoinedIn = await isolate(admin, false)
    isolated = false
    const [back] = await admin.all<{ c: number; d: number }>(
      'SELECT COUNT(*) AS c, COUNT(DISTINCT id) AS d FROM galera_failover',
    )
    t.deepEqual({ c: Number(back!.c), d: Number(back!.d) }, { c: 20, d: 20 })
    t.log(
      `isolated (non-Primary) in ${isolatedIn} ms; 20 writes through the pool in ${writesMs} ms with ${db.retries - retriesBefore} retries; rejoined and Synced in ${rejoinedIn} ms`,
    )
  },
)

galera(
  'reads see a write committed through another node at once (wsrep_sync_wait on several-host URLs)',
  async (t) => {
    const hosts = urls.map((url) => new URL(url).host)
    // Two pools, as two CMS servers would have: one writing through the first node, one reading through the second.
    const writer = connect(`mysql://cms:cms@${hosts.join(',')}/cms`) as MysqlDatabase
    const reader = connect(
      `mysql://cms:cms@${[hosts[1], hosts[2], hosts[0]].join(',')}/cms`,
    ) as MysqlDatabase
    t.teardown(async () => {
      await writer.run('DROP TABLE IF EXISTS galera_ryw')
      await Promise.all([writer.close(), reader.close()])
    })
    await writer.run('DROP TABLE IF EXISTS galera_ryw')
    await writer.run('CREATE TABLE galera_ryw (id INT PRIMARY KEY, v INT NOT NULL)')
    const [w] = await writer.all<{ p: number; s: number }>(
      'SELECT @@port AS p, @@wsrep_sync_wait AS s',
    )
    const [r] = await reader.all<{ p: number; s: number }>(
      'SELECT @@port AS p, @@wsrep_sync_wait AS s',
    )
    t.not(w!.p, r!.p)
    t.deepEqual([w!.s, r!.s], [1, 1])
    let stale = 0
    for (let i = 1; i <= 200; i++) {
      await writer.transaction((tx) =>
        tx.run('INSERT INTO galera_ryw (id, v) VALUES (?, ?)', [i, i]),
      )
      const rows = await reader.all<{ v: number }>('SELECT v FROM galera_ryw WHERE id = ?', [i])
      if (rows.length !== 1) stale++
    }
    t.is(stale, 0, 'every write read back at once through the other node')
  },
)

/**
 * Two CMS instances on one fresh database, each with a several-host URL whose first host is another node (a on
 * the first, b on the second): the ports of the nodes they run on, checked to differ. Dropped at teardown.
 */
async function cmsOnTwoNodes(
  t: ExecutionContext,
  prefix: string,
  config: Omit<Config, 'db'>,
  /** Each CMS on one node only (a URL of one host), not on a failover list of all three. */
  single = false,
): Promise<{ a: Cms; b: Cms; pa: number; pb: number }> {
  const hosts = urls.map((url) => new URL(url).host)
  const name = `${prefix}_${randomUUID().slice(0, 8)}`
  const admin = connect(urls[0]!) as MysqlDatabase
  await admin.run(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
  // A single-host URL leaves wsrep_sync_wait off (docs/scale-out.md: one MariaDB needs none), so a CMS on one node
  // of a cluster that must read what the other node wrote sets it, as the docs say; a failover list sets it itself.
  // Without it the read through A right after a delete through B saw the row still there (CI, 2026-12-07).
  const query = single ? '?syncWait=1' : ''
  const on = (order: string[]) =>
    getCms({
      config: { ...config, db: { url: `mysql://cms:cms@${order.join(',')}/${name}${query}` } },
    })
  const a = await on(single ? [hosts[0]!] : hosts)
  const b = await on(single ? [hosts[1]!] : [hosts[1]!, hosts[2]!, hosts[0]!])
  t.teardown(async () => {
    await Promise.all([a.destroy(), b.destroy()])
    await admin.run(`DROP DATABASE IF EXISTS ${name}`)
    await admin.close()
  })
  const [ra] = await a.db.all<{ p: number }>('SELECT @@port AS p')
  const [rb] = await b.db.all<{ p: number }>('SELECT @@port AS p')
  t.not(ra!.p, rb!.p)
  return { a, b, pa: ra!.p, pb: rb!.p }
}

galera(
  'a session made by login through one node is accepted at once by a CMS on another node, and its logout there is seen back',
  async (t) => {
    const { a, b } = await cmsOnTwoNodes(t, 'cms_g_sessions', {
      secret: 'galera-sessions-secret',
      collections: [
        { slug: 'users', auth: true, fields: [{ name: 'name', type: 'text' as const }] },
      ],
    })
    await a.create({
      collection: 'users',
      data: { email: 'g@example.com', password: 'secret-123' },
    })
    for (let i = 0; i < 10; i++) {
      const { token } = await a.login({
        collection: 'users',
        data: { email: 'g@example.com', password: 'secret-123' },
      })
      t.truthy(await b.auth(token!), `login ${i} seen by the other node`)
      const claims = (await b.auth(token!))!.claims
      await b.logout({ collection: 'users', sid: claims.sid })
      t.is(await a.auth(token!), undefined, `logout ${i} seen by the first node`)
    }
  },
)

for (const single of [false, true])
  galera(
    `cached totals over two nodes, two CMS instances in one process${single ? ', each on one node' : ', each on a failover list'}: concurrent creates through both never conflict on the write generations, and each sees the other’s writes in its next total`,
    async (t) => {
      const { a, b, pa, pb } = await cmsOnTwoNodes(
        t,
        'cms_g_totals',
        {
          collections: [
            {
              slug: 'notes',
              access: { read: () => true },
              fields: [{ name: 'n', type: 'number' as const }],
            },
          ],
        },
        single,
      )
      const total = async (cms: typeof a) =>
        (await cms.find({ collection: 'notes', limit: 1, depth: 0 })).totalDocs
      t.is(await total(a), 0)
      t.is(await total(b), 0)

      // Three writers on each node, 15 creates each, into one collection. Generation rows shared by the two nodes
      // (one per process, before one per node and then one per CMS instance) made every pair of concurrent creates
      // through the two nodes fail certification on it.
      const retries = () => (a.db as MysqlDatabase).retries + (b.db as MysqlDatabase).retries
      const before = retries()
      await Promise.all(
        [a, b, a, b, a, b].map(async (cms, w) => {
          for (let i = 0; i < 15; i++)
            await cms.create({ collection: 'notes', data: { n: w * 100 + i } })
        }),
      )
      t.is(retries() - before, 0, 'no create was run again')
      t.is(await total(a), 90)
      t.is(await total(b), 90)

      // One row per CMS instance (and, on a failover list, per node) and table: two instances of this process
      // wrote notes, so two rows, none shared; then a write through one node moves the kept total of the other.
      const rows = await a.db.all<{ slot: string }>(
        'SELECT slot FROM cms_generations WHERE table_name = ? ORDER BY 1',
        ['notes'],
      )
      t.is(rows.length, 2)
      const writers = rows.map((r) => r.slot.replace(/@[^@]*$/, ''))
      t.is(new Set(writers).size, 2, 'two writers')
      t.true(
        writers.every((w) => w.includes(`:${process.pid}:`)),
        'both of this process',
      )
      if (!single)
        t.deepEqual(rows.map((r) => Number(/:(\d+)$/.exec(r.slot)?.[1])).sort(), [
          Math.min(pa, pb),
          Math.max(pa, pb),
        ])
      await a.create({ collection: 'notes', data: { n: -1 } })
      t.is(await total(b), 91)
      await b.delete({ collection: 'notes', where: { n: { equals: -1 } } })
      t.is(await total(a), 90)
    },
  )
