/**
 * `npm run bench`: seeds (or reuses) a dataset, starts the CMS (the example app, `server/cli.ts start`) and the
 * reference server ("floor", `bench/reference.ts`: bare Koa over the same tables, the same JSON) on loopback
 * ports, drives both with autocannon in turn, and records per scenario req/s, p50, p99, the CMS/floor ratio, SQL
 * statements per request, the CMS's peak RSS during the scenario, its idle RSS and its start-up time. It then runs
 * the scale curve (the default list page and a read by id over REST at 10k, 100k and 1M posts) and states, in a
 * `targets` block, which of issue 36's targets hold in this run. A full run writes `bench/results/latest.json`
 * (`mariadb.json` for `--db mariadb`, `postgres.json` for `--db postgres`); a subset (`--only`, `--scale`) writes `bench/results/subset.json`
 * (`scale.json` for `--scale`).
 *
 *   npm run bench                                   SQLite: every scenario at 100k posts, then the scale curve
 *   npm run bench -- --mariadb                      the same on MariaDB too (floor on mysql2)
 *   npm run bench -- --db mariadb                   MariaDB only
 *   npm run bench -- --postgres                     PostgreSQL too (floor on pg; bench/postgres.ts); --db takes
 *                                                   sqlite, mariadb and postgres in any combination
 *   npm run bench -- --only graphql,byid            a subset of scenarios (keys below; a prefix matches several)
 *   npm run bench -- --scale [--sizes 10000,100000] the scale curve only
 *   npm run bench -- --no-scale                     every scenario, no scale curve
 *   --posts N  --duration S  --warmup S  --connections C  --mariadb-url mysql://user:pass@host:port/
 *   --postgres-url postgres://user:pass@host:port/  (default: the server of DATABASE_URL when it is postgres://,
 *                                                   else postgres://cms:cms@127.0.0.1:5442/)
 *
 *   --upload-connections C  --upload-duration S     the upload scenarios' load (default 4 connections, 10 s:
 *                                                   at a few uploads a second, 5 s would give too few samples)
 *
 * Scenario keys: list0 list1 byid where count graphql-list graphql-id create mix upload-image upload-large
 * local, and scale (`--only upload` runs both upload scenarios, bench/uploads.ts). Uploads go to a temporary
 * folder (CMS_MEDIA_DIR for the CMS), removed at the end.
 */
import { webhooksBench } from './webhooks.ts'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { loadConfig } from '../server/config/load.ts'
import type { Cms } from '../server/local/cms.ts'
import { getCms } from '../server/local/get-cms.ts'
import { listen } from '../server/http/server.ts'
import {
  dropCopy,
  mariadbDataset,
  migrateWithAdmin,
  resetMariadb,
  rows,
  runCopy,
  sqliteDataset,
  type Seeded,
} from './datasets.ts'
import { pgLocalFloor, postgresDataset, resetPostgres } from './postgres.ts'
import { runUploadScenario, UPLOAD_SCENARIOS, type UploadContext } from './uploads.ts'

// ---- options ---------------------------------------------------------------------------

const args = process.argv.slice(2)
const value = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const num = (name: string, fallback: number) => Number(value(name) ?? fallback)
const list = (name: string) =>
  (value(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
const POSTS = num('posts', 100_000)
const DURATION = num('duration', 5)
/** Seconds of unrecorded load before each measured one (JIT, caches, the background GraphQL schema build). */
const WARMUP = num('warmup', 1)
const CONNECTIONS = num('connections', 10)
/** Uploads are CPU-bound (sharp) on 2 cores: a few connections saturate them. */
const UPLOAD_CONNECTIONS = num('upload-connections', 4)
const UPLOAD_DURATION = num('upload-duration', 10)
const SIZES = list('sizes').length ? list('sizes').map(Number) : [10_000, 100_000, 1_000_000]
const MARIADB_SERVER = value('mariadb-url') ?? 'mysql://cms:cms@127.0.0.1:3317/'
const POSTGRES_SERVER =
  value('postgres-url') ??
  (/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '')
    ? new URL('/', process.env.DATABASE_URL).toString()
    : 'postgres://cms:cms@127.0.0.1:5442/')
const ONLY = list('only')
const SCALE_ONLY = args.includes('--scale')
type Db = 'sqlite' | 'mariadb' | 'postgres'
const DBS: Db[] = list('db').length
  ? (list('db') as Db[])
  : [
      'sqlite',
      ...(args.includes('--mariadb') ? (['mariadb'] as const) : []),
      ...(args.includes('--postgres') ? (['postgres'] as const) : []),
    ]
for (const db of DBS)
  if (db !== 'sqlite' && db !== 'mariadb' && db !== 'postgres')
    throw new Error(`--db takes sqlite, mariadb and postgres; got ${db}`)
const selected = (key: string) =>
  ONLY.length === 0 || ONLY.some((o) => key === o || key.startsWith(o))
const RUN_SCALE = SCALE_ONLY || (!args.includes('--no-scale') && selected('scale'))
const FULL_RUN = !SCALE_ONLY && ONLY.length === 0 && !args.includes('--no-scale')
const root = process.cwd()
const node = process.execPath
// Every upload of the run (the CMS child, the in-process counter, the floor) lands here, never in data/media.
const MEDIA = mkdtempSync(path.join(tmpdir(), 'cms-bench-media-'))
const CMS_MEDIA = path.join(MEDIA, 'cms')
const FLOOR_MEDIA = path.join(MEDIA, 'floor')
mkdirSync(FLOOR_MEDIA)
process.env.CMS_MEDIA_DIR = CMS_MEDIA

/** Issue 36's targets (performance round 3): reads at 0.9 × the floor, writes at it, 400 ms, 140 and 100 MB. */
const TARGETS = {
  readRatio: 0.9,
  writeRatio: 1,
  scaleSlowdown: 2,
  peakRssMb: 140,
  idleRssMb: 100,
  startupMs: 400,
}

// ---- processes ---------------------------------------------------------------------------

const rssOf = (pid: number | undefined): number => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not come up`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Server {
  child: ChildProcess
  base: string
  /** Process start to the first served request. */
  startupMs: number
  /** RSS 2 s after the first served request (the GraphQL schema is built in the background right after start). */
  idleRssMb: number
}

async function startCms(url: string): Promise<Server> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(node, ['server/cli.ts', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/health`)
  const startupMs = performance.now() - started
  await sleep(2000)
  return { child, base, startupMs, idleRssMb: rssOf(child.pid) }
}

async function startFloor(location: string): Promise<Server> {
  const port = await freePort()
  const started = performance.now()
  const child = fork(path.join(root, 'bench/reference.ts'), [location, String(port), FLOOR_MEDIA], {
    execPath: node,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve) => child.once('message', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  await fetch(`${base}/api/posts/1?depth=0`)
  const startupMs = performance.now() - started
  await sleep(500)
  return { child, base, startupMs, idleRssMb: rssOf(child.pid) }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(5000)])
  if (child.exitCode === null) child.kill('SIGKILL')
}

// ---- load ------------------------------------------------------------------------------

interface Target {
  path: string
  method?: 'GET' | 'POST'
  body?: string
  /** A POST /api/posts creating a fresh post per request, as the admin. */
  create?: boolean
  /** The write mix: 20% create/update, 80% reads. */
  mix?: boolean
  /** Sent with `If-None-Match` naming the answer's current ETag: every answer is a 304. */
  conditional?: boolean
}
interface Measured {
  rps: number
  p50: number
  p99: number
  peakRssMb: number
  errors: number
}

let unique = 0
const freshSlug = () => `bench-${process.pid}-${Date.now()}-${unique++}`
const randomId = (posts: number) => 1 + Math.floor(Math.random() * posts)

/**
 * The write mix, as one cycle of ten requests each autocannon connection loops over: a create and an update (as
 * the admin, `depth=0`), and eight anonymous reads (default list page, list depth 1, by id depth 0 and 2 on
 * random seeded posts). The same paths reach both servers.
 */
function mixRequests(token: string, posts: number): Record<string, unknown>[] {
  const write = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const byId = (depth: number) => ({
    method: 'GET',
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      path: `/api/posts/${randomId(posts)}?depth=${depth}`,
    }),
  })
  const listPage = (depth: number) => ({
    method: 'GET',
    path: `/api/posts?limit=10&depth=${depth}`,
  })
  return [
    {
      method: 'POST',
      path: '/api/posts?depth=0',
      headers: write,
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: JSON.stringify({ title: 'Bench post', slug: freshSlug() }),
      }),
    },
    listPage(0),
    byId(0),
    byId(2),
    listPage(1),
    {
      method: 'PATCH',
      headers: write,
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        path: `/api/posts/${randomId(posts)}?depth=0`,
        body: JSON.stringify({ excerpt: `Edited ${unique++}` }),
      }),
    },
    byId(0),
    listPage(0),
    byId(0),
    byId(2),
  ]
}

async function load(
  server: Server,
  target: Target,
  token: string,
  posts: number,
  duration = DURATION,
): Promise<Measured> {
  let peak = 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.child.pid))
  }, 100)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (target.create) headers.authorization = `Bearer ${token}`
  if (target.conditional) {
    const tag = (await fetch(server.base + target.path)).headers.get('etag')
    if (!tag)
      throw new Error(
        `${target.path} answers no ETag: the conditional scenario has nothing to send.`,
      )
    headers['if-none-match'] = tag
  }
  const requests = target.mix
    ? mixRequests(token, posts)
    : target.create
      ? [
          {
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              body: JSON.stringify({ title: 'Bench post', slug: freshSlug() }),
            }),
          },
        ]
      : undefined
  const result = (await autocannon({
    url: server.base + target.path,
    connections: CONNECTIONS,
    duration,
    method: target.method ?? 'GET',
    headers,
    body: target.body,
    requests,
  })) as unknown as {
    requests: { average: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
  }
  clearInterval(sampler)
  // autocannon counts a 304 as non-2xx: the conditional scenario expects nothing else.
  const non2xx = target.conditional ? 0 : result.non2xx
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    peakRssMb: Math.max(peak, rssOf(server.child.pid)),
    errors: non2xx + result.errors,
  }
}

/**
 * Waits until a server answers a read by id quickly again: when autocannon stops, statements of cut requests (a
 * count over a million rows on MariaDB takes seconds) may still hold the database and would slow the next load.
 */
async function settle(server: Server): Promise<void> {
  const until = Date.now() + 120_000
  while (Date.now() < until) {
    const t0 = performance.now()
    await fetch(`${server.base}/api/posts/1?depth=0`).then((r) => r.text())
    if (performance.now() - t0 < 100) return
    await sleep(200)
  }
}

/** SQL statements `fn` costs, counted in process on the same database. */
async function statementsOf(cms: Cms, fn: () => Promise<unknown>): Promise<number> {
  let count = 0
  const off = cms.db.onQuery(() => {
    count++
  })
  try {
    await fn()
  } finally {
    off()
  }
  return count
}

/** The first place two JSON values differ (`null` when equal). */
function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (a === b) return null
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object')
    return `${at}: ${JSON.stringify(a)?.slice(0, 60)} vs ${JSON.stringify(b)?.slice(0, 60)}`
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`
  const keys = new Set([...Object.keys(a), ...Object.keys(b as object)])
  for (const k of keys) {
    const d = firstDifference((a as never)[k], (b as never)[k], `${at}.${k}`)
    if (d) return d
  }
  return null
}

// ---- scenarios ---------------------------------------------------------------------------

interface Scenario {
  key: string
  name: string
  read: boolean
  cms: Target
  floor: Target
}

const GRAPHQL_LIST =
  '{ Posts(limit: 10) { docs { id title category { name } related { title } } } }'
/** Depth 3: the post, its related posts, theirs, and every level's category (authors are not readable anonymously). */
const graphqlById = (id: number) =>
  `{ Post(id: ${id}) { id title category { name } related { id title category { name } related { id title category { name } } } } }`

function scenarios(posts: number): Scenario[] {
  const mid = Math.floor(posts / 2)
  const same = (p: string): Pick<Scenario, 'cms' | 'floor'> => ({
    cms: { path: p },
    floor: { path: p },
  })
  return [
    {
      key: 'list0',
      name: 'REST list limit=10 depth=0',
      read: true,
      ...same('/api/posts?limit=10&depth=0'),
    },
    {
      // The same list asked again with its ETag: a 304 without the read (http/conditional.ts), against the
      // floor's 200 of the list.
      key: 'list0-304',
      name: 'REST list limit=10 depth=0, If-None-Match (304)',
      read: true,
      cms: { path: '/api/posts?limit=10&depth=0', conditional: true },
      floor: { path: '/api/posts?limit=10&depth=0' },
    },
    {
      key: 'list1',
      name: 'REST list limit=10 depth=1',
      read: true,
      ...same('/api/posts?limit=10&depth=1'),
    },
    {
      key: 'byid',
      name: 'REST by id depth=2',
      read: true,
      cms: { path: `/api/posts/${mid}?depth=2` },
      floor: { path: `/api/posts/${mid}?depth=2` },
    },
    {
      key: 'where',
      name: 'REST where+sort (indexed)',
      read: true,
      cms: { path: '/api/posts?where[status][equals]=published&sort=-views&limit=10&depth=0' },
      floor: { path: '/api/posts?where=status&status=published' },
    },
    {
      key: 'count',
      name: 'REST count with where',
      read: true,
      cms: { path: '/api/posts/count?where[status][equals]=published' },
      floor: { path: '/api/posts/count?status=published' },
    },
    {
      key: 'graphql-list',
      name: 'GraphQL list, 2 nested relations',
      read: true,
      cms: { path: '/api/graphql', method: 'POST', body: JSON.stringify({ query: GRAPHQL_LIST }) },
      floor: { path: '/api/graphql-equivalent' },
    },
    {
      key: 'graphql-id',
      name: 'GraphQL by id depth=3',
      read: true,
      cms: {
        path: '/api/graphql',
        method: 'POST',
        body: JSON.stringify({ query: graphqlById(mid) }),
      },
      floor: { path: `/api/graphql-equivalent/post/${mid}` },
    },
    {
      key: 'create',
      name: 'REST create',
      read: false,
      cms: { path: '/api/posts', method: 'POST', create: true },
      floor: { path: '/api/posts', method: 'POST', create: true },
    },
    {
      key: 'mix',
      name: 'REST write mix (20% create/update, 80% reads)',
      read: false,
      cms: { path: '/', mix: true },
      floor: { path: '/', mix: true },
    },
  ]
}

/** One request of `target` (one cycle of ten for the mix), as autocannon sends it. */
async function once(base: string, target: Target, token: string, posts: number): Promise<unknown> {
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  if (target.mix) {
    for (const r of mixRequests(token, posts)) {
      const req = (
        typeof r.setupRequest === 'function'
          ? (r.setupRequest as (x: unknown) => Record<string, unknown>)({ ...r })
          : r
      ) as { method: string; path: string; body?: string; headers?: Record<string, string> }
      const res = await fetch(base + req.path, {
        method: req.method,
        headers: req.headers,
        body: req.body,
      })
      if (!res.ok) throw new Error(`${req.method} ${req.path}: ${res.status} ${await res.text()}`)
    }
    return null
  }
  const res = await fetch(base + target.path, {
    method: target.method ?? 'GET',
    headers: target.create ? auth : { 'content-type': 'application/json' },
    body: target.create ? JSON.stringify({ title: 'Bench post', slug: freshSlug() }) : target.body,
  })
  if (!res.ok) throw new Error(`${target.path}: ${res.status} ${await res.text()}`)
  return res.json()
}

// ---- a session: one database, one dataset, a CMS and a floor ---------------------------------

interface Session {
  db: Db
  posts: number
  url: string
  floorLocation: string
  seeded: Seeded
  cms: Server
  floor: Server
  token: string
  counterToken: string
  counter: Cms
  inProcess: { url: string; close(): Promise<void> }
  close(): Promise<void>
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
  })
  if (!res.ok) throw new Error(`login on ${base}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

async function openSession(db: Db, posts: number): Promise<Session> {
  let seeded: Seeded
  let url: string
  let floorLocation: string
  let cleanup: () => Promise<void>
  if (db === 'sqlite') {
    seeded = await sqliteDataset(posts)
    const copy = await runCopy(seeded.location, posts)
    url = `sqlite:${copy}`
    floorLocation = copy
    cleanup = async () => dropCopy(copy)
  } else if (db === 'postgres') {
    seeded = await postgresDataset(POSTGRES_SERVER, posts, rows(posts), migrateWithAdmin)
    await resetPostgres(POSTGRES_SERVER, posts)
    url = seeded.location
    floorLocation = url
    cleanup = () => resetPostgres(POSTGRES_SERVER, posts)
  } else {
    seeded = await mariadbDataset(MARIADB_SERVER, posts)
    await resetMariadb(MARIADB_SERVER, posts)
    url = seeded.location
    floorLocation = url
    cleanup = () => resetMariadb(MARIADB_SERVER, posts)
  }
  const cms = await startCms(url)
  const floor = await startFloor(floorLocation)
  const token = await login(cms.base)
  // An in-process copy of the app on the same database counts the SQL statements of one request (its own token:
  // each process signs with its own secret).
  const counter = await getCms({ config: { ...(await loadConfig()), db: { url } } })
  const inProcess = await listen(counter, { port: 0, logger: pino({ level: 'silent' }) })
  const counterToken = await login(inProcess.url)
  return {
    db,
    posts,
    url,
    floorLocation,
    seeded,
    cms,
    floor,
    token,
    counterToken,
    counter,
    inProcess,
    close: async () => {
      await inProcess.close()
      await counter.destroy()
      await stop(cms.child)
      await stop(floor.child)
      await cleanup()
    },
  }
}

type ResultRow = Record<string, unknown>

async function runScenario(s: Session, sc: Scenario): Promise<ResultRow> {
  let sameJson: string | boolean = 'n/a'
  if (sc.read) {
    const [a, b] = await Promise.all([
      once(s.cms.base, sc.cms, s.token, s.posts),
      once(s.floor.base, sc.floor, s.token, s.posts),
    ])
    const d = firstDifference(a, b)
    sameJson = d === null ? true : d
  }
  const perCycle = sc.cms.mix ? 10 : 1
  const statements =
    (await statementsOf(s.counter, () => once(s.inProcess.url, sc.cms, s.counterToken, s.posts))) /
    perCycle
  if (WARMUP > 0) await load(s.cms, sc.cms, s.token, s.posts, WARMUP)
  const c = await load(s.cms, sc.cms, s.token, s.posts)
  await settle(s.cms)
  if (WARMUP > 0) await load(s.floor, sc.floor, s.token, s.posts, WARMUP)
  const f = await load(s.floor, sc.floor, s.token, s.posts)
  await settle(s.floor)
  console.log(
    `  [${s.db} ${s.posts}] ${sc.name}: ${Math.round(c.rps)} vs ${Math.round(f.rps)} req/s (${f.rps > 0 ? (c.rps / f.rps).toFixed(2) : 'no floor requests completed'}), peak RSS ${Math.round(c.peakRssMb)} MB, errors ${c.errors}/${f.errors}`,
  )
  return {
    key: sc.key,
    scenario: sc.name,
    db: s.db,
    posts: s.posts,
    'CMS req/s': Math.round(c.rps),
    'floor req/s': Math.round(f.rps),
    ratio: f.rps > 0 ? +(c.rps / f.rps).toFixed(2) : null,
    'CMS p50 ms': c.p50,
    'CMS p99 ms': c.p99,
    'floor p50 ms': f.p50,
    'floor p99 ms': f.p99,
    'SQL/req': +statements.toFixed(1),
    'CMS peak RSS MB': Math.round(c.peakRssMb),
    'floor peak RSS MB': Math.round(f.peakRssMb),
    'CMS idle RSS MB': Math.round(s.cms.idleRssMb),
    'CMS start-up ms': Math.round(s.cms.startupMs),
    'CMS errors': c.errors,
    'floor errors': f.errors,
    'same JSON as floor': sameJson,
  }
}

const uploadContext = (s: Session): UploadContext => ({
  db: s.db,
  posts: s.posts,
  cms: {
    base: s.cms.base,
    pid: s.cms.child.pid,
    idleRssMb: s.cms.idleRssMb,
    startupMs: s.cms.startupMs,
  },
  floor: { base: s.floor.base, pid: s.floor.child.pid },
  token: s.token,
  counter: { url: s.inProcess.url, token: s.counterToken },
  statements: (fn) => statementsOf(s.counter, fn),
  rssOf,
  duration: UPLOAD_DURATION,
  warmup: WARMUP,
  connections: UPLOAD_CONNECTIONS,
  mediaDirs: [CMS_MEDIA, FLOOR_MEDIA],
})

// ---- Local layer (in process) --------------------------------------------------------------

async function timed(fn: () => unknown): Promise<{ rps: number; p50: number; p99: number }> {
  const times: number[] = []
  const until = performance.now() + DURATION * 1000
  while (performance.now() < until) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return {
    rps: times.length / DURATION,
    p50: times[Math.floor(times.length / 2)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
  }
}

async function localFind(s: Session): Promise<ResultRow> {
  const local = await timed(() => s.counter.find({ collection: 'posts', limit: 10, depth: 0 }))
  // The Local layer runs with overrideAccess (no published-only filter): the same query here.
  const listSql = 'SELECT * FROM posts ORDER BY createdAt DESC, id DESC LIMIT 10'
  const countSql = 'SELECT COUNT(*) AS n FROM posts'
  let floor: Awaited<ReturnType<typeof timed>>
  if (s.db === 'sqlite') {
    const db = new Database(s.floorLocation, { readonly: true })
    const [l, c] = [db.prepare(listSql), db.prepare(countSql)]
    floor = await timed(() => (l.all(), c.get()))
    db.close()
  } else if (s.db === 'postgres') {
    floor = await pgLocalFloor(s.floorLocation, [listSql, countSql], timed)
  } else {
    const conn = await mysql.createConnection(s.floorLocation)
    floor = await timed(async () => {
      await conn.execute(listSql)
      await conn.execute(countSql)
    })
    await conn.end()
  }
  return {
    key: 'local',
    scenario: 'Local find limit=10 (in process)',
    db: s.db,
    posts: s.posts,
    'CMS req/s': Math.round(local.rps),
    'floor req/s': Math.round(floor.rps),
    ratio: +(local.rps / floor.rps).toFixed(2),
    'CMS p50 ms': +local.p50.toFixed(3),
    'CMS p99 ms': +local.p99.toFixed(3),
    'floor p50 ms': +floor.p50.toFixed(3),
    'floor p99 ms': +floor.p99.toFixed(3),
    'SQL/req': await statementsOf(s.counter, () =>
      s.counter.find({ collection: 'posts', limit: 10, depth: 0 }),
    ),
    'CMS peak RSS MB': null,
    'floor peak RSS MB': null,
    'CMS idle RSS MB': null,
    'CMS start-up ms': null,
    'CMS errors': 0,
    'floor errors': 0,
    'same JSON as floor': 'n/a',
  }
}

// ---- scale curve ---------------------------------------------------------------------------

/** The default list page and a read by id (depth 0) over REST, and the same two in the Local layer, at each size. */
async function scaleCurve(db: Db): Promise<ResultRow[]> {
  const rows: ResultRow[] = []
  for (const size of SIZES) {
    const s = await openSession(db, size)
    try {
      const mid = Math.floor(size / 2)
      const list = await runScenario(s, {
        key: 'scale-list0',
        name: 'REST default list page (limit=10, depth=0)',
        read: true,
        cms: { path: '/api/posts?limit=10&depth=0' },
        floor: { path: '/api/posts?limit=10&depth=0' },
      })
      const byId = await runScenario(s, {
        key: 'scale-byid0',
        name: 'REST by id depth=0',
        read: true,
        cms: { path: `/api/posts/${mid}?depth=0` },
        floor: { path: `/api/posts/${mid}?depth=0` },
      })
      const perCall = async (fn: () => Promise<unknown>) => {
        for (let i = 0; i < 20; i++) await fn()
        const t0 = performance.now()
        let n = 0
        while (performance.now() - t0 < 1000) {
          await fn()
          n++
        }
        return +((performance.now() - t0) / n).toFixed(3)
      }
      const localWhereSort = await perCall(() =>
        s.counter.find({
          collection: 'posts',
          where: { status: { equals: 'published' } },
          sort: '-views',
          limit: 10,
          depth: 0,
          pagination: false,
        }),
      )
      const localById = await perCall(() =>
        s.counter.findByID({ collection: 'posts', id: mid, depth: 0 }),
      )
      rows.push(
        {
          ...list,
          'seed s (this run)': s.seeded.seededSeconds,
          'Local where+sort ms': localWhereSort,
        },
        { ...byId, 'Local by id ms': localById },
      )
    } finally {
      await s.close()
    }
  }
  // Each size's req/s against the smallest size's: the "flat at scale" target.
  for (const key of ['scale-list0', 'scale-byid0']) {
    const mine = rows.filter((r) => r.key === key)
    const base = mine[0]!['CMS req/s'] as number
    for (const r of mine) r['CMS × smallest size'] = +((r['CMS req/s'] as number) / base).toFixed(2)
  }
  return rows
}

// ---- targets ---------------------------------------------------------------------------------

function targets(db: Db, results: ResultRow[], scale: ResultRow[]): Record<string, unknown> {
  const mine = results.filter((r) => r.db === db)
  const http = [...mine, ...scale.filter((r) => r.db === db)].filter((r) => r.key !== 'local')
  const reads = mine.filter(
    (r) =>
      !['local', 'create', 'mix'].includes(r.key as string) && !/^upload/.test(r.key as string),
  )
  const notMeasured = { holds: null, note: 'not measured in this run' }
  const readTarget = reads.length
    ? {
        holds: reads.every((r) => (r.ratio as number) >= TARGETS.readRatio),
        ratios: Object.fromEntries(reads.map((r) => [r.scenario, r.ratio])),
        below: reads.filter((r) => (r.ratio as number) < TARGETS.readRatio).map((r) => r.scenario),
      }
    : notMeasured
  const writes = mine.filter((r) => ['create', 'mix'].includes(r.key as string))
  const writeTarget = writes.length
    ? {
        holds: writes.every((r) => (r.ratio as number) >= TARGETS.writeRatio),
        ratios: Object.fromEntries(writes.map((r) => [r.scenario, r.ratio])),
      }
    : notMeasured
  const list = scale.filter((r) => r.db === db && r.key === 'scale-list0')
  const small = list.find((r) => r.posts === 10_000)
  const large = list.find((r) => r.posts === 1_000_000)
  const scaleTarget =
    small && large
      ? {
          holds:
            (large['CMS req/s'] as number) * TARGETS.scaleSlowdown >=
            (small['CMS req/s'] as number),
          'req/s at 10k': small['CMS req/s'],
          'req/s at 1M': large['CMS req/s'],
          slowdown: +((small['CMS req/s'] as number) / (large['CMS req/s'] as number)).toFixed(1),
        }
      : notMeasured
  const peaks = http.filter((r) => typeof r['CMS peak RSS MB'] === 'number')
  const worst = peaks.reduce<ResultRow | undefined>(
    (w, r) => (!w || (r['CMS peak RSS MB'] as number) > (w['CMS peak RSS MB'] as number) ? r : w),
    undefined,
  )
  const idle = Math.max(...http.map((r) => (r['CMS idle RSS MB'] as number) ?? 0))
  const startups = [...new Set(http.map((r) => r['CMS start-up ms'] as number))]
  const startup = startups.length ? [...startups].sort((a, b) => a - b)[startups.length >> 1] : 0
  return {
    [`every REST and GraphQL read ≥ ${TARGETS.readRatio} × floor`]: readTarget,
    [`writes (create, the write mix) ≥ ${TARGETS.writeRatio} × floor`]: writeTarget,
    [`default list page at 1M within ${TARGETS.scaleSlowdown}× of 10k`]: scaleTarget,
    [`peak RSS ≤ ${TARGETS.peakRssMb} MB under every scenario`]: worst
      ? {
          holds: peaks.every((r) => (r['CMS peak RSS MB'] as number) <= TARGETS.peakRssMb),
          'max MB': worst['CMS peak RSS MB'],
          'worst scenario': `${worst.scenario} (${worst.posts} posts)`,
        }
      : notMeasured,
    [`idle RSS ≤ ${TARGETS.idleRssMb} MB`]: http.length
      ? { holds: idle <= TARGETS.idleRssMb, 'max MB over the run’s CMS processes': idle }
      : notMeasured,
    [`start-up ≤ ${TARGETS.startupMs} ms`]: startups.length
      ? {
          holds: startup <= TARGETS.startupMs,
          'median ms': startup,
          'each CMS process ms': startups,
        }
      : notMeasured,
  }
}

// ---- main ----------------------------------------------------------------------------------

const short = (rows: ResultRow[]) =>
  rows.map((r) => ({
    scenario: `${r.db} ${r.posts} ${r.scenario}`.slice(0, 60),
    CMS: r['CMS req/s'],
    floor: r['floor req/s'],
    ratio: r.ratio,
    'p50/p99': `${r['CMS p50 ms']}/${r['CMS p99 ms']}`,
    SQL: r['SQL/req'],
    'peak MB': r['CMS peak RSS MB'],
    errors: `${r['CMS errors']}/${r['floor errors']}`,
    json: r['same JSON as floor'] === true ? 'same' : r['same JSON as floor'],
  }))

async function main(): Promise<void> {
  const started = Date.now()
  const results: ResultRow[] = []
  const sessions: Record<string, unknown>[] = []
  if (!SCALE_ONLY) {
    for (const db of DBS) {
      const chosen = scenarios(POSTS).filter((sc) => selected(sc.key))
      const uploads = UPLOAD_SCENARIOS.filter((sc) => selected(sc.key))
      if (!chosen.length && !uploads.length && !selected('local')) continue
      const s = await openSession(db, POSTS)
      sessions.push({
        db,
        posts: POSTS,
        'dataset seeded in s (0 = cached)': s.seeded.seededSeconds,
        'CMS start-up ms': Math.round(s.cms.startupMs),
        'CMS idle RSS MB': Math.round(s.cms.idleRssMb),
        'floor start-up ms': Math.round(s.floor.startupMs),
        'floor idle RSS MB': Math.round(s.floor.idleRssMb),
      })
      try {
        for (const sc of chosen) results.push(await runScenario(s, sc))
        for (const sc of uploads) results.push(await runUploadScenario(uploadContext(s), sc))
        if (selected('local')) results.push(await localFind(s))
      } finally {
        await s.close()
      }
    }
  }
  // Outgoing webhooks (bench/webhooks.ts): the outbox's write-path cost and delivery throughput, on SQLite.
  const webhooks = !SCALE_ONLY && selected('webhooks') ? await webhooksBench() : undefined
  const scale: ResultRow[] = []
  if (RUN_SCALE) for (const db of DBS) scale.push(...(await scaleCurve(db)))

  if (results.length) console.table(short(results))
  if (scale.length) console.table(short(scale))
  console.table(sessions)
  if (webhooks) console.table([webhooks])
  const out = {
    date: new Date().toISOString(),
    machine: `${cpus().length} cores, Node ${process.version}`,
    command: `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
    posts: POSTS,
    durationPerScenarioS: DURATION,
    uploadDurationS: UPLOAD_DURATION,
    uploadConnections: UPLOAD_CONNECTIONS,
    warmupPerScenarioS: WARMUP,
    connections: CONNECTIONS,
    sessions,
    results,
    scale,
    webhooks,
    targets: Object.fromEntries(DBS.map((db) => [db, targets(db, results, scale)])),
    totalSeconds: Math.round((Date.now() - started) / 1000),
  }
  console.log(JSON.stringify(out.targets, null, 2))
  const file = FULL_RUN
    ? DBS.length === 1 && DBS[0] !== 'sqlite'
      ? `${DBS[0]}.json`
      : 'latest.json'
    : SCALE_ONLY
      ? 'scale.json'
      : 'subset.json'
  mkdirSync(path.join(root, 'bench/results'), { recursive: true })
  writeFileSync(path.join(root, 'bench/results', file), `${JSON.stringify(out, null, 2)}\n`)
  console.log(`Wrote bench/results/${file} (${out.totalSeconds} s in all).`)
}

main().then(
  () => {
    rmSync(MEDIA, { recursive: true, force: true })
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error)
    rmSync(MEDIA, { recursive: true, force: true })
    process.exit(1)
  },
)
