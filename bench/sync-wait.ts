/**
 * What `wsrep_sync_wait = 1` costs on a Galera cluster, and what it buys: sequential point reads by primary key
 * through one connection with it off and on (mean and p99 per read), and write-then-read pairs, the write through
 * one node and the read at once through another, counting the reads that miss the write.
 * Usage: GALERA_URLS="mysql://… mysql://…" node bench/sync-wait.ts [reads=2000] [pairs=500]
 * (`source scripts/galera-start.sh` exports GALERA_URLS.) The figures are in docs/scale-out.md.
 */
import { performance } from 'node:perf_hooks'
import { MysqlDatabase } from '../server/db/mysql-database.ts'

const urls = (process.env.GALERA_URLS ?? '').split(/\s+/).filter(Boolean)
if (urls.length < 2)
  throw new Error('Set GALERA_URLS to two or more nodes (scripts/galera-start.sh).')
const reads = Number(process.argv[2] ?? 2000)
const pairs = Number(process.argv[3] ?? 500)
const withParams = (url: string, params: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${params}`

const setup = new MysqlDatabase(urls[0]!)
await setup.run('DROP TABLE IF EXISTS bench_sync_wait')
await setup.run('CREATE TABLE bench_sync_wait (id INT PRIMARY KEY, v INT NOT NULL)')
await setup.run(
  `INSERT INTO bench_sync_wait (id, v) VALUES ${Array.from({ length: 100 }, (_, i) => `(${i + 1}, ${i})`).join(', ')}`,
)

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length
  return { mean: mean.toFixed(3), p99: sorted[Math.floor(sorted.length * 0.99)]!.toFixed(3) }
}

async function timeReads(syncWait: 0 | 1) {
  const db = new MysqlDatabase(withParams(urls[1]!, `pool=1&syncWait=${syncWait}`))
  for (let i = 0; i < 50; i++)
    await db.all('SELECT v FROM bench_sync_wait WHERE id = ?', [1 + (i % 100)])
  const ms: number[] = []
  for (let i = 0; i < reads; i++) {
    const t0 = performance.now()
    await db.all('SELECT v FROM bench_sync_wait WHERE id = ?', [1 + (i % 100)])
    ms.push(performance.now() - t0)
  }
  await db.close()
  return summary(ms)
}

async function staleReads(syncWait: 0 | 1) {
  const writer = new MysqlDatabase(withParams(urls[0]!, 'pool=1&syncWait=0'))
  const reader = new MysqlDatabase(withParams(urls[1]!, `pool=1&syncWait=${syncWait}`))
  let stale = 0
  const ms: number[] = []
  for (let i = 1; i <= pairs; i++) {
    await writer.run('UPDATE bench_sync_wait SET v = ? WHERE id = 1', [1000 + i + syncWait * pairs])
    const t0 = performance.now()
    const [row] = await reader.all<{ v: number }>('SELECT v FROM bench_sync_wait WHERE id = 1')
    ms.push(performance.now() - t0)
    if (row!.v !== 1000 + i + syncWait * pairs) stale++
  }
  await Promise.all([writer.close(), reader.close()])
  return { stale, ...summary(ms) }
}

const off = await timeReads(0)
const on = await timeReads(1)
const staleOff = await staleReads(0)
const staleOn = await staleReads(1)
await setup.run('DROP TABLE bench_sync_wait')
await setup.close()
console.log(`${reads} sequential point reads through one connection (ms per read):`)
console.log(`  wsrep_sync_wait=0: mean ${off.mean}, p99 ${off.p99}`)
console.log(`  wsrep_sync_wait=1: mean ${on.mean}, p99 ${on.p99}`)
console.log(`${pairs} writes through node 1, each read back at once through node 2:`)
console.log(
  `  wsrep_sync_wait=0: ${staleOff.stale} stale reads; read mean ${staleOff.mean} ms, p99 ${staleOff.p99}`,
)
console.log(
  `  wsrep_sync_wait=1: ${staleOn.stale} stale reads; read mean ${staleOn.mean} ms, p99 ${staleOn.p99}`,
)
