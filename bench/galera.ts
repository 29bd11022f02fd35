/**
 * `npm run bench:galera`: write throughput of the CMS over the three-node Galera cluster against one MariaDB.
 * Three runs, each on a fresh database with the example app (server processes of `npm start`, 127.0.0.1 only):
 *   single    1 server on one plain MariaDB (BENCH_MARIADB_URL, default the shared mysql://cms:cms@127.0.0.1:3317)
 *   galera-1  1 server on the cluster (its DATABASE_URL lists the three nodes)
 *   galera-2  2 servers on the cluster, the first on node 0, the second on node 1; autocannon spreads its
 *             connections over both
 * Each run is autocannon POSTing `/api/tracking` (a REST create as the admin) for --duration seconds with
 * --connections connections, after a 1 s warm-up. Prints req/s and p99 and the ratios to `single`, and writes
 * bench/results/galera.json. Needs GALERA_URLS (scripts/galera-start.sh; `npm run bench:galera` starts one).
 *
 *   npm run bench:galera -- --duration 5 --connections 10
 */
import autocannon from 'autocannon'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import mysql from 'mysql2/promise'
import { startServerProcess, stopServerProcess } from '../scripts/server-process.ts'

const args = process.argv.slice(2)
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const DURATION = opt('duration', 5)
const CONNECTIONS = opt('connections', 10)
const urls = (process.env.GALERA_URLS ?? '').split(/\s+/).filter(Boolean)
if (urls.length !== 3) {
  console.error(
    'bench/galera.ts needs GALERA_URLS (three nodes): run `npm run bench:galera`, which starts the cluster.',
  )
  process.exit(1)
}
const single = process.env.BENCH_MARIADB_URL ?? 'mysql://cms:cms@127.0.0.1:3317'
const hostOf = (url: string) => new URL(url).host
const nodes = urls.map(hostOf)

/** A fresh database on the server of `url`; returns its name and how to drop it. */
async function freshDatabase(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const u = new URL(url)
  const connect = () =>
    mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    })
  const name = `cms_bench_${randomBytes(5).toString('hex')}`
  const c = await connect()
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
  await c.end()
  return {
    name,
    drop: async () => {
      const d = await connect()
      await d.query(`DROP DATABASE IF EXISTS \`${name}\``)
      await d.end()
    },
  }
}

const start = (databaseUrl: string) =>
  startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      CMS_SECRET: 'a-bench-secret-of-at-least-thirty-two-bytes',
      LOG_LEVEL: 'silent',
    },
    120_000,
  )
const stop = stopServerProcess

interface Result {
  name: string
  servers: number
  reqPerSec: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  total: number
}

/** Starts one server per URL (the first seeds the database), drives them all with autocannon, stops them. */
async function run(name: string, databaseUrls: string[]): Promise<Result> {
  const servers: { child: ChildProcess; base: string }[] = []
  for (const url of databaseUrls) servers.push(await start(url))
  try {
    const login = await fetch(`${servers[0]!.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
    })
    const token = ((await login.json()) as { token: string }).token
    const options = (duration: number) => ({
      url: servers.map((s) => `${s.base}/api/tracking`),
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ label: 'bench parcel', status: 'in_transit', lastEvent: 'scanned' }),
      connections: CONNECTIONS,
      duration,
    })
    await autocannon(options(1))
    const r = (await autocannon(options(DURATION))) as unknown as {
      requests: { average: number; total: number }
      latency: { p50: number; p99: number }
      non2xx: number
      errors: number
    }
    return {
      name,
      servers: servers.length,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      total: r.requests.total,
    }
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)))
  }
}

const withDatabase = (url: string, db: string) => {
  const u = new URL(url)
  u.pathname = `/${db}`
  return u.toString()
}
const list = (order: number[]) => order.map((i) => nodes[i]).join(',')
const results: Result[] = []
for (const [name, base, databaseUrls] of [
  ['single', single, (db: string) => [withDatabase(single, db)]],
  ['galera-1', urls[0]!, (db: string) => [`mysql://cms:cms@${list([0, 1, 2])}/${db}`]],
  [
    'galera-2',
    urls[0]!,
    (db: string) => [
      `mysql://cms:cms@${list([0, 1, 2])}/${db}`,
      `mysql://cms:cms@${list([1, 2, 0])}/${db}`,
    ],
  ],
] as const) {
  const db = await freshDatabase(base)
  try {
    const r = await run(name, databaseUrls(db.name))
    results.push(r)
    console.log(
      `${name.padEnd(9)} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${r.total} writes, ${r.non2xx} non-2xx, ${r.errors} errors)`,
    )
  } finally {
    await db.drop()
  }
}
const base = results[0]!
const ratios = Object.fromEntries(
  results.slice(1).map((r) => [
    r.name,
    {
      reqPerSec: Number((r.reqPerSec / base.reqPerSec).toFixed(2)),
      p99: Number((r.p99 / base.p99).toFixed(2)),
    },
  ]),
)
for (const [name, r] of Object.entries(ratios))
  console.log(`${name} / single: req/s ×${r.reqPerSec}, p99 ×${r.p99}`)
mkdirSync('bench/results', { recursive: true })
writeFileSync(
  'bench/results/galera.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: `${cpus().length} cores, shared (noisy): one run, read as ratios`,
      duration: DURATION,
      connections: CONNECTIONS,
      route: 'POST /api/tracking (REST create as admin)',
      results,
      ratios,
    },
    null,
    2,
  )}\n`,
)
console.log('written to bench/results/galera.json')
