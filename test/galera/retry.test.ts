import test from 'ava'
import { randomUUID } from 'node:crypto'
import { connect } from '../../server/db/connect.ts'
import { MysqlDatabase } from '../../server/db/mysql-database.ts'

// Runs on the three-node cluster of scripts/galera-start.sh (`npm run test:galera`); skipped without GALERA_URLS.
const urls = (process.env.GALERA_URLS ?? '').split(/\s+/).filter(Boolean)
const galera = urls.length >= 2 ? test.serial : test.skip

galera(
  'write transactions racing on one row through two nodes are retried whole: every acknowledged one counted once, none half-applied',
  async (t) => {
    const a = connect(urls[0]) as MysqlDatabase
    const b = connect(urls[1]) as MysqlDatabase
    t.teardown(async () => {
      await a.run('DROP TABLE IF EXISTS galera_counter, galera_ledger')
      await Promise.all([a.close(), b.close()])
    })
    await a.run('DROP TABLE IF EXISTS galera_counter, galera_ledger')
    await a.run('CREATE TABLE galera_counter (id INT PRIMARY KEY, n INT NOT NULL)')
    await a.run('CREATE TABLE galera_ledger (id CHAR(36) PRIMARY KEY)')
    await a.run('INSERT INTO galera_counter VALUES (1, 0)')
    // DDL is replicated in total order: wait until node b has the row.
    await b.transaction(async (tx) => {
      await tx.run('SET SESSION wsrep_sync_wait = 1')
      t.deepEqual(await tx.all('SELECT n FROM galera_counter'), [{ n: 0 }])
    })

    let acknowledged = 0
    let failed = 0
    const increment = async (db: MysqlDatabase) => {
      try {
        await db.transaction(async (tx) => {
          // The hook-like part of the transaction: a ledger row and the counter, both or neither.
          await tx.run('INSERT INTO galera_ledger (id) VALUES (?)', [randomUUID()])
          const [row] = await tx.all<{ n: number }>(
            'SELECT n FROM galera_counter WHERE id = 1 FOR UPDATE',
          )
          await tx.run('UPDATE galera_counter SET n = ? WHERE id = 1', [row!.n + 1])
        })
        acknowledged++
      } catch {
        failed++
      }
    }
    const started = Date.now()
    const clients = [a, b, a, b, a, b].map(async (db) => {
      for (let i = 0; i < 15; i++) await increment(db)
    })
    await Promise.all(clients)
    const seconds = (Date.now() - started) / 1000

    for (const db of [a, b, connect(urls[2] ?? urls[0]) as MysqlDatabase]) {
      await db.transaction(async (tx) => {
        await tx.run('SET SESSION wsrep_sync_wait = 1')
        const [counter] = await tx.all<{ n: number }>('SELECT n FROM galera_counter WHERE id = 1')
        const [ledger] = await tx.all<{ c: number }>('SELECT COUNT(*) AS c FROM galera_ledger')
        // Said before the checks, so that a failure shows every node's counter and ledger (docs/testing.md,
        // "Open finding (Galera)": one CI run read 89 of 90 acknowledged increments on node A).
        const [{ port }] = await tx.all<{ port: number }>('SELECT @@port AS port')
        t.log(
          `node ${port}: counter ${counter!.n}, ledger ${ledger!.c}, acknowledged ${acknowledged}`,
        )
        t.is(counter!.n, acknowledged)
        t.is(Number(ledger!.c), acknowledged)
      })
      if (db !== a && db !== b) await db.close()
    }
    t.true(a.retries + b.retries > 0, 'the race produced certification conflicts')
    t.true(acknowledged >= 80, `${acknowledged} of 90 committed`)
    t.log(
      `90 transactions in ${seconds.toFixed(1)} s: ${acknowledged} committed, ${failed} gave up after the tries, ${a.retries + b.retries} retries`,
    )
  },
)

galera(
  'a DATABASE_URL of several hosts connects to the next host that accepts connections',
  async (t) => {
    const hosts = urls.map((url) => new URL(url).host)
    // Port 1 refuses connections: the pool moves on to the cluster's nodes.
    const db = connect(`mysql://cms:cms@127.0.0.1:1,${hosts.join(',')}/cms`) as MysqlDatabase
    t.teardown(() => db.close())
    t.regex(db.description, /^mysql:\/\/127\.0\.0\.1:1,127\.0\.0\.1:\d+/)
    const [row] = await db.all<{ port: number }>('SELECT @@port AS port')
    t.is(row!.port, Number(new URL(urls[0]!).port))
  },
)
