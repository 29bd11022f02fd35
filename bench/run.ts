/**
 * `npm run bench`: seeds a dataset, starts the CMS (the example app, `npm start`) and the reference server
 * (`bench/reference.ts`: bare Koa + better-sqlite3 over the same tables) on loopback ports, drives both with
 * autocannon in turn, and prints req/s, p50, p99, the CMS/reference ratio, SQL statements per request and
 * server RSS; results go to `bench/results/latest.json`.
 *
 *   npm run bench -- --posts 100000 --duration 5 --connections 10
 *   npm run bench -- --scale            (indexed list and by-id read at 10k, 100k and 1M posts, Local layer)
 */
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../server/config/load.ts'
import { getCms } from '../server/local/get-cms.ts'
import type { Cms } from '../server/local/cms.ts'
import { listen } from '../server/http/server.ts'
import { pino } from 'pino'

const args = process.argv.slice(2)
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const POSTS = opt('posts', 100_000)
const DURATION = opt('duration', 5)
const CONNECTIONS = opt('connections', 10)
const root = process.cwd()
const node = process.execPath

// ---- dataset ------------------------------------------------------------------------

/** Migrates a fresh SQLite file and bulk-inserts the dataset (one admin created through the Local layer, for login). */
async function dataset(posts: number): Promise<string> {
  const dir = path.join('/tmp', `cms-bench-${posts}`)
  const file = path.join(dir, 'bench.db')
  if (existsSync(path.join(dir, 'ready'))) return file
  mkdirSync(dir, { recursive: true })
  for (const f of ['bench.db', 'bench.db-wal', 'bench.db-shm'])
    if (existsSync(path.join(dir, f))) writeFileSync(path.join(dir, f), '')
  const started = Date.now()
  const cms = await getCms({ config: { ...(await loadConfig()), db: { url: `sqlite:${file}` } } })
  await cms.create({
    collection: 'users',
    data: {
      email: 'admin@example.com',
      password: 'admin-password',
      name: 'Bench Admin',
      roles: ['admin'],
    },
  })
  await cms.destroy()
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const users = db.prepare(
    'INSERT INTO users (email, name, roles, loginAttempts, createdAt, updatedAt) VALUES (?, ?, \'["member"]\', 0, ?, ?)',
  )
  const categories = db.prepare(
    'INSERT INTO categories (name, slug, createdAt, updatedAt) VALUES (?, ?, ?, ?)',
  )
  const post =
    db.prepare(`INSERT INTO posts (title, slug, excerpt, status, views, featured, category, author, related, _status, createdAt, updatedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, ?)`)
  const statuses = ['draft', 'review', 'published', 'archived']
  let seed = 42
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n)
  db.transaction(() => {
    for (let i = 1; i < 1000; i++)
      users.run(`member${i}@example.com`, `Member ${i}`, iso(now), iso(now))
    for (let i = 1; i <= 50; i++)
      categories.run(`Category ${i}`, `category-${i}`, iso(now), iso(now))
  })()
  const chunk = 5000
  for (let start = 1; start <= posts; start += chunk) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + chunk, posts + 1); i++) {
        const related = JSON.stringify([1 + rand(Math.max(1, i - 1)), 1 + rand(Math.max(1, i - 1))])
        post.run(
          `Post number ${i}`,
          `post-${i}`,
          `Excerpt of post ${i}`,
          statuses[rand(4)],
          rand(10_000),
          rand(10) === 0 ? 1 : 0,
          1 + rand(50),
          1 + rand(1000),
          related,
          iso(now - (posts - i) * 1000),
          iso(now),
        )
      }
    })()
  }
  // Statistics, as a long-running database has them (PRAGMA optimize on close): the planner then knows that
  // `_status` hardly narrows anything and walks the createdAt index for a newest-first page.
  db.exec('ANALYZE')
  db.close()
  writeFileSync(path.join(dir, 'ready'), '')
  console.log(
    `Seeded ${posts} posts, 50 categories, 1,000 users in ${((Date.now() - started) / 1000).toFixed(1)} s (${file}).`,
  )
  return file
}

// ---- servers --------------------------------------------------------------------------

const rss = (child: ChildProcess): number => {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not come up`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function startCms(
  file: string,
  port: number,
): Promise<{ child: ChildProcess; startupMs: number }> {
  const started = performance.now()
  const child = spawn(node, ['server/cli.ts', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${file}`,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(`http://127.0.0.1:${port}/api/health`)
  return { child, startupMs: performance.now() - started }
}

async function startReference(file: string, port: number): Promise<ChildProcess> {
  const child = fork(path.join(root, 'bench/reference.ts'), [file, String(port)], {
    execPath: node,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve) => child.once('message', () => resolve()))
  return child
}

// ---- scenarios -------------------------------------------------------------------------

interface Target {
  path: string
  method?: 'GET' | 'POST'
  body?: string
  create?: boolean
}
interface Scenario {
  name: string
  cms: Target
  ref: Target
  statements: (cms: Cms, http: string) => Promise<number>
}
interface Measured {
  rps: number
  p50: number
  p99: number
  rssMb: number
  errors: number
}

const GRAPHQL = '{ Posts(limit: 10) { docs { id title category { name } related { title } } } }'

async function load(
  base: string,
  target: Target,
  token: string,
  child: ChildProcess,
): Promise<Measured> {
  let n = 0
  let peak = 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(child))
  }, 250)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (target.create) headers.authorization = `Bearer ${token}`
  const result = (await autocannon({
    url: base + target.path,
    connections: CONNECTIONS,
    duration: DURATION,
    method: target.method ?? 'GET',
    headers,
    body: target.body,
    requests: target.create
      ? [
          {
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              body: JSON.stringify({
                title: 'Bench post',
                slug: `bench-${process.pid}-${Date.now()}-${n++}`,
              }),
            }),
          },
        ]
      : undefined,
  } as never)) as unknown as {
    requests: { average: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
  }
  clearInterval(sampler)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb: Math.max(peak, rss(child)),
    errors: result.non2xx + result.errors,
  }
}

/** SQL statements one HTTP request costs, counted in process on the same database. */
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

async function localFind(cms: Cms): Promise<Measured> {
  const times: number[] = []
  const until = performance.now() + DURATION * 1000
  while (performance.now() < until) {
    const t0 = performance.now()
    await cms.find({ collection: 'posts', limit: 10, depth: 0 })
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return {
    rps: times.length / DURATION,
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.floor(times.length * 0.99)],
    rssMb: process.memoryUsage().rss / 1024 / 1024,
    errors: 0,
  }
}

function referenceLocalFind(file: string): Measured {
  const db = new Database(file, { readonly: true })
  // The Local layer runs with overrideAccess (no published-only filter): the same query here.
  const list = db.prepare('SELECT * FROM posts ORDER BY createdAt DESC, id DESC LIMIT 10')
  const count = db.prepare('SELECT COUNT(*) AS n FROM posts')
  const times: number[] = []
  const until = performance.now() + DURATION * 1000
  while (performance.now() < until) {
    const t0 = performance.now()
    list.all()
    count.get()
    times.push(performance.now() - t0)
  }
  db.close()
  times.sort((a, b) => a - b)
  return {
    rps: times.length / DURATION,
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.floor(times.length * 0.99)],
    rssMb: 0,
    errors: 0,
  }
}

// ---- scale curve --------------------------------------------------------------------

async function scale(): Promise<void> {
  const rows: Record<string, unknown>[] = []
  for (const size of [10_000, 100_000, 1_000_000]) {
    const file = await dataset(size)
    const cms = await getCms({ config: { ...(await loadConfig()), db: { url: `sqlite:${file}` } } })
    const time = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await fn()
      const t0 = performance.now()
      let n = 0
      while (performance.now() - t0 < 2000) {
        await fn()
        n++
      }
      return (performance.now() - t0) / n
    }
    const list = await time(() =>
      cms.find({
        collection: 'posts',
        where: { status: { equals: 'published' } },
        sort: '-views',
        limit: 10,
        depth: 0,
        pagination: false,
      }),
    )
    const byId = await time(() =>
      cms.findByID({ collection: 'posts', id: Math.floor(size / 2), depth: 0 }),
    )
    rows.push({
      posts: size,
      'indexed where+sort list (ms)': list.toFixed(3),
      'by id (ms)': byId.toFixed(3),
    })
    await cms.destroy()
  }
  console.table(rows)
  mkdirSync(path.join(root, 'bench/results'), { recursive: true })
  writeFileSync(
    path.join(root, 'bench/results/scale.json'),
    `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
  )
}

// ---- main ----------------------------------------------------------------------------

async function main(): Promise<void> {
  if (args.includes('--scale')) return scale()
  const started = Date.now()
  const file = await dataset(POSTS)
  const cmsPort = 4311
  const refPort = 4312
  const { child: cmsChild, startupMs } = await startCms(file, cmsPort)
  const refChild = await startReference(file, refPort)
  const cmsBase = `http://127.0.0.1:${cmsPort}`
  const refBase = `http://127.0.0.1:${refPort}`
  const token = (
    await (
      await fetch(`${cmsBase}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
      })
    ).json()
  ).token as string

  // An in-process copy of the app on the same database counts the SQL statements of one request.
  const counter = await getCms({
    config: { ...(await loadConfig()), db: { url: `sqlite:${file}` } },
  })
  const inProcess = await listen(counter, { port: 0, logger: pino({ level: 'silent' }) })
  const get = (p: string) => () => fetch(inProcess.url + p).then((r) => r.text())
  const mid = Math.floor(POSTS / 2)
  const scenarios: Scenario[] = [
    {
      name: 'REST list limit=10 depth=0',
      cms: { path: '/api/posts?limit=10&depth=0' },
      ref: { path: '/api/posts?limit=10&depth=0' },
      statements: (c) => statementsOf(c, get('/api/posts?limit=10&depth=0')),
    },
    {
      name: 'REST list limit=10 depth=1',
      cms: { path: '/api/posts?limit=10&depth=1' },
      ref: { path: '/api/posts?limit=10&depth=1' },
      statements: (c) => statementsOf(c, get('/api/posts?limit=10&depth=1')),
    },
    {
      name: 'REST by id depth=2',
      cms: { path: `/api/posts/${mid}?depth=2` },
      ref: { path: `/api/posts/${mid}` },
      statements: (c) => statementsOf(c, get(`/api/posts/${mid}?depth=2`)),
    },
    {
      name: 'REST where+sort (indexed)',
      cms: { path: '/api/posts?where[status][equals]=published&sort=-views&limit=10&depth=0' },
      ref: { path: '/api/posts?where=status&status=published' },
      statements: (c) =>
        statementsOf(
          c,
          get('/api/posts?where[status][equals]=published&sort=-views&limit=10&depth=0'),
        ),
    },
    {
      name: 'REST count with where',
      cms: { path: '/api/posts/count?where[status][equals]=published' },
      ref: { path: '/api/posts/count?status=published' },
      statements: (c) => statementsOf(c, get('/api/posts/count?where[status][equals]=published')),
    },
    {
      name: 'GraphQL list, 2 nested relations',
      cms: { path: '/api/graphql', method: 'POST', body: JSON.stringify({ query: GRAPHQL }) },
      ref: { path: '/api/graphql-equivalent' },
      statements: (c) =>
        statementsOf(c, () =>
          fetch(`${inProcess.url}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: GRAPHQL }),
          }).then((r) => r.text()),
        ),
    },
    {
      name: 'REST create',
      cms: { path: '/api/posts', method: 'POST', create: true },
      ref: { path: '/api/posts', method: 'POST', create: true },
      statements: async (c) =>
        statementsOf(c, () =>
          c.create({
            collection: 'posts',
            data: { title: 'Counted', slug: `counted-${Date.now()}` },
          }),
        ),
    },
  ]

  const results: Record<string, unknown>[] = []
  for (const s of scenarios) {
    const statements = await s.statements(counter, inProcess.url)
    const c = await load(cmsBase, s.cms, token, cmsChild)
    const r = await load(refBase, s.ref, token, refChild)
    results.push({
      scenario: s.name,
      'CMS req/s': Math.round(c.rps),
      'ref req/s': Math.round(r.rps),
      ratio: +(c.rps / r.rps).toFixed(2),
      'CMS p50 ms': c.p50,
      'CMS p99 ms': c.p99,
      'ref p50 ms': r.p50,
      'ref p99 ms': r.p99,
      'SQL/req': statements,
      'CMS RSS MB': Math.round(c.rssMb),
      errors: c.errors + r.errors,
    })
    console.log(`  ${s.name}: ${Math.round(c.rps)} vs ${Math.round(r.rps)} req/s`)
  }
  const local = await localFind(counter)
  const localRef = referenceLocalFind(file)
  results.push({
    scenario: 'Local find limit=10 (in process)',
    'CMS req/s': Math.round(local.rps),
    'ref req/s': Math.round(localRef.rps),
    ratio: +(local.rps / localRef.rps).toFixed(2),
    'CMS p50 ms': +local.p50.toFixed(3),
    'CMS p99 ms': +local.p99.toFixed(3),
    'ref p50 ms': +localRef.p50.toFixed(3),
    'ref p99 ms': +localRef.p99.toFixed(3),
    'SQL/req': await statementsOf(counter, () =>
      counter.find({ collection: 'posts', limit: 10, depth: 0 }),
    ),
    'CMS RSS MB': Math.round(local.rssMb),
    errors: 0,
  })

  await inProcess.close()
  cmsChild.kill('SIGTERM')
  refChild.kill('SIGTERM')
  console.table(results)
  console.log(
    `Start-up (process start → first served request, migrations applied): ${startupMs.toFixed(0)} ms`,
  )
  const out = {
    date: new Date().toISOString(),
    machine: `${(await import('node:os')).cpus().length} cores, Node ${process.version}`,
    posts: POSTS,
    durationPerScenarioS: DURATION,
    connections: CONNECTIONS,
    startupMs: Math.round(startupMs),
    results,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true })
  writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(out, null, 2)}\n`)
  console.log(`Wrote bench/results/latest.json (${out.totalSeconds} s in all).`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
