/**
 * The benchmark's datasets: N posts, 50 categories and 1,000 users, the same rows on SQLite and MariaDB (one
 * deterministic pseudo-random sequence). The schema comes from the CMS itself (a Local-layer start migrates it,
 * and creates the admin the bench logs in as); the rows are bulk-inserted.
 *
 * SQLite: cached under `/tmp/cms-bench2-N/bench.db`, seeded into a private file and renamed when complete, so a
 * concurrent run never sees half a dataset. A run works on a private copy (`runCopy`), so its writes never reach
 * the cache and other developers' runs never reach it.
 * MariaDB: the database `cms_bench2_N` on the server of `--mariadb-url`; seeded once, and `resetMariadb` removes
 * what a previous run's write scenarios added.
 */
import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../server/config/load.ts'
import { getCms } from '../server/local/get-cms.ts'

const POST_COLUMNS =
  'title, slug, excerpt, status, views, featured, category, author, related, _status, createdAt, updatedAt'

/** The rows of the dataset, in insertion order (ids 1..N once inserted into an empty table). */
export function* rows(posts: number): Generator<{
  kind: 'user' | 'category' | 'post'
  values: unknown[]
}> {
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  for (let i = 1; i < 1000; i++)
    yield {
      kind: 'user',
      values: [`member${i}@example.com`, `Member ${i}`, iso(now), iso(now)],
    }
  for (let i = 1; i <= 50; i++)
    yield { kind: 'category', values: [`Category ${i}`, `category-${i}`, iso(now), iso(now)] }
  const statuses = ['draft', 'review', 'published', 'archived']
  let seed = 42
  // A 32-bit LCG in integer arithmetic, answering from its high bits (the low bits of an LCG cycle with a short
  // period: taken mod 4, every post got the same status, so no post was published).
  const rand = (n: number) => (
    (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0),
    Math.floor(((seed >>> 8) / 2 ** 24) * n)
  )
  for (let i = 1; i <= posts; i++) {
    const related = JSON.stringify([1 + rand(Math.max(1, i - 1)), 1 + rand(Math.max(1, i - 1))])
    yield {
      kind: 'post',
      values: [
        `Post number ${i}`,
        `post-${i}`,
        `Excerpt of post ${i}`,
        statuses[rand(4)],
        rand(10_000),
        rand(10) === 0 ? 1 : 0,
        1 + rand(50),
        1 + rand(1000),
        related,
        'published',
        iso(now - (posts - i) * 1000),
        iso(now),
      ],
    }
  }
}

/** Migrates an empty database through the Local layer and creates the admin the bench logs in as. */
export async function migrateWithAdmin(url: string): Promise<void> {
  const cms = await getCms({ config: { ...(await loadConfig()), db: { url } } })
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
}

export interface Seeded {
  /** Where the dataset is: a SQLite file, or a MariaDB URL. */
  location: string
  /** Seconds spent seeding in this run; 0 when it was cached. */
  seededSeconds: number
}

/** The cached SQLite dataset of `posts` posts, seeded first when missing. */
export async function sqliteDataset(posts: number): Promise<Seeded> {
  const dir = path.join('/tmp', `cms-bench2-${posts}`)
  const file = path.join(dir, 'bench.db')
  if (existsSync(path.join(dir, 'ready'))) return { location: file, seededSeconds: 0 }
  mkdirSync(dir, { recursive: true })
  const started = Date.now()
  const tmp = path.join(dir, `seeding-${process.pid}.db`)
  for (const suffix of ['', '-wal', '-shm']) rmSync(tmp + suffix, { force: true })
  await migrateWithAdmin(`sqlite:${tmp}`)
  const db = new Database(tmp)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const insert = {
    user: db.prepare(
      'INSERT INTO users (email, name, roles, loginAttempts, createdAt, updatedAt) VALUES (?, ?, \'["member"]\', 0, ?, ?)',
    ),
    category: db.prepare(
      'INSERT INTO categories (name, slug, createdAt, updatedAt) VALUES (?, ?, ?, ?)',
    ),
    post: db.prepare(
      `INSERT INTO posts (${POST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  }
  const all = rows(posts)
  for (let done = false; !done;) {
    db.transaction(() => {
      for (let n = 0; n < 20_000; n++) {
        const next = all.next()
        if (next.done) {
          done = true
          return
        }
        insert[next.value.kind].run(...next.value.values)
      }
    })()
  }
  // Statistics, as a long-running database has them (PRAGMA optimize on close): the planner then knows that
  // `_status` hardly narrows anything and walks the createdAt index for a newest-first page.
  db.exec('ANALYZE')
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true })
  renameSync(tmp, file)
  for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true })
  writeFileSync(path.join(dir, 'ready'), '')
  const seededSeconds = (Date.now() - started) / 1000
  console.log(`Seeded ${posts} posts into ${file} in ${seededSeconds.toFixed(1)} s.`)
  return { location: file, seededSeconds }
}

/**
 * A private copy of a cached SQLite dataset for one run (SQLite's online backup: consistent even while another
 * process writes to the cache), with anything past the seeded rows removed: runs of older benches wrote into
 * the cache itself.
 */
export async function runCopy(file: string, posts: number): Promise<string> {
  const copy = path.join(path.dirname(file), `run-${process.pid}.db`)
  dropCopy(copy)
  const src = new Database(file, { readonly: true, fileMustExist: true })
  await src.backup(copy)
  src.close()
  const db = new Database(copy)
  db.pragma('journal_mode = WAL')
  const extra = db.prepare('SELECT COUNT(*) AS n FROM posts WHERE id > ?').get(posts) as {
    n: number
  }
  if (extra.n > 0) {
    db.prepare('DELETE FROM posts WHERE id > ?').run(posts)
    db.exec('DELETE FROM _posts_versions')
    db.exec('ANALYZE')
  }
  db.close()
  return copy
}

export function dropCopy(copy: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true })
}

/** `mysql://cms:cms@127.0.0.1:3317/` + `cms_bench2_N`. */
export function mariadbUrl(server: string, posts: number): string {
  const u = new URL(server)
  u.pathname = `/cms_bench2_${posts}`
  return u.toString()
}

function serverConnection(server: string) {
  const u = new URL(server)
  return mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    multipleStatements: false,
  })
}

/** The MariaDB dataset of `posts` posts in `cms_bench2_N`, seeded first when missing or incomplete. */
export async function mariadbDataset(server: string, posts: number): Promise<Seeded> {
  const url = mariadbUrl(server, posts)
  const name = `cms_bench2_${posts}`
  const admin = await serverConnection(server)
  try {
    const [found] = (await admin.query(
      'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
      [name, 'posts'],
    )) as unknown as [{ n: number }[]]
    if (found[0]!.n > 0) {
      const [last] = (await admin.query(
        `SELECT COUNT(*) AS n FROM \`${name}\`.posts WHERE slug = ?`,
        [`post-${posts}`],
      )) as unknown as [{ n: number }[]]
      if (last[0]!.n === 1) return { location: url, seededSeconds: 0 }
    }
    const started = Date.now()
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
    await migrateWithAdmin(url)
    await admin.query(`USE \`${name}\``)
    const sql = {
      user: 'INSERT INTO users (email, name, roles, loginAttempts, createdAt, updatedAt) VALUES ?',
      category: 'INSERT INTO categories (name, slug, createdAt, updatedAt) VALUES ?',
      post: `INSERT INTO posts (${POST_COLUMNS}) VALUES ?`,
    }
    let batch: unknown[][] = []
    let kind: keyof typeof sql = 'user'
    const flush = async () => {
      if (batch.length) await admin.query(sql[kind], [batch])
      batch = []
    }
    await admin.query('SET unique_checks = 0')
    await admin.query('START TRANSACTION')
    for (const row of rows(posts)) {
      if (row.kind !== kind || batch.length >= 2000) {
        await flush()
        kind = row.kind
      }
      batch.push(
        row.kind === 'user'
          ? [...row.values.slice(0, 2), '["member"]', 0, ...row.values.slice(2)]
          : row.values,
      )
    }
    await flush()
    await admin.query('COMMIT')
    await admin.query('ANALYZE TABLE posts, categories, users')
    const seededSeconds = (Date.now() - started) / 1000
    console.log(`Seeded ${posts} posts into MariaDB ${name} in ${seededSeconds.toFixed(1)} s.`)
    return { location: url, seededSeconds }
  } finally {
    await admin.end()
  }
}

/** Removes what earlier runs' write scenarios added to a MariaDB dataset (posts past the seeded ids, versions). */
export async function resetMariadb(server: string, posts: number): Promise<void> {
  const admin = await serverConnection(server)
  try {
    await admin.query(`USE \`cms_bench2_${posts}\``)
    const [result] = (await admin.query('DELETE FROM posts WHERE id > ?', [posts])) as unknown as [
      { affectedRows: number },
    ]
    await admin.query('DELETE FROM _posts_versions')
    if (result.affectedRows > 0) await admin.query('ANALYZE TABLE posts')
  } finally {
    await admin.end()
  }
}
