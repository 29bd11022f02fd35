/**
 * PostgreSQL for the benchmark (issue 38): the dataset `cms_bench2_N` on the server of `--postgres-url`, seeded once
 * (the same rows as SQLite and MariaDB) and reset after each run's writes, and the floor's store on `pg`.
 *
 * The floor writes the SQL the other two databases take (`?` placeholders, unquoted camelCase columns):
 * `pgSql` rewrites it once per text for PostgreSQL: `$n` placeholders, mixed-case identifiers quoted (the CMS
 * creates `"createdAt"`; unquoted, PostgreSQL would fold it to `createdat`), sort directions with the NULLS order
 * of the other two databases, and `RETURNING id` on inserts, which have no last-insert id there. Every statement is a named (server-side prepared) statement, as the CMS's driver
 * sends them.
 */
import pg from 'pg'
import { createHash } from 'node:crypto'

type Row = Record<string, unknown>

// COUNT(*) is bigint and numeric is arbitrary precision: both come back as strings unless parsed (the CMS's pool
// parses them the same way).
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

const rewritten = new Map<string, { name: string; text: string }>()

/** The floor's SQL for PostgreSQL, named for server-side preparation; cached per SQL text. */
export function pgSql(sql: string): { name: string; text: string } {
  let found = rewritten.get(sql)
  if (found) return found
  let n = 0
  let text = sql
    .replace(/'[^']*'|\?/g, (m) => (m === '?' ? `$${++n}` : m))
    .replace(/'[^']*'|\b[a-z_][a-z0-9_]*[A-Z][A-Za-z0-9_]*\b/g, (m) =>
      m.startsWith("'") ? m : `"${m}"`,
    )
  // NULL sorts first ascending and last descending on SQLite and MariaDB, and the CMS says so on PostgreSQL (whose
  // indexes it makes NULLS FIRST): without these words the floor's newest-first page could not read the index.
  text = text.replace(/'[^']*'|\b(ASC|DESC)\b/g, (m) =>
    m === 'DESC' ? 'DESC NULLS LAST' : m === 'ASC' ? 'ASC NULLS FIRST' : m,
  )
  if (/^\s*INSERT\b/i.test(text)) text += ' RETURNING id'
  found = { name: `f${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text }
  rewritten.set(sql, found)
  return found
}

export interface PgStore {
  all(sql: string, params: unknown[]): Promise<Row[]>
  run(sql: string, params: unknown[]): Promise<number>
  transaction<T>(fn: (tx: Pick<PgStore, 'all' | 'run'>) => Promise<T>): Promise<T>
}

/** The floor's store on a `pg` pool of 10 connections, as the CMS's default pool. */
export function pgStore(url: string): PgStore {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const on = (c: pg.Pool | pg.PoolClient): Pick<PgStore, 'all' | 'run'> => ({
    all: async (sql, params) => (await c.query({ ...pgSql(sql), values: params })).rows,
    run: async (sql, params) => {
      const result = await c.query({ ...pgSql(sql), values: params })
      return Number(result.rows[0]?.id ?? 0)
    },
  })
  return {
    ...on(pool),
    transaction: async (fn) => {
      const c = await pool.connect()
      try {
        await c.query('BEGIN')
        const result = await fn(on(c))
        await c.query('COMMIT')
        return result
      } catch (error) {
        await c.query('ROLLBACK')
        throw error
      } finally {
        c.release()
      }
    },
  }
}

/** `postgres://cms:cms@127.0.0.1:5442/` + `cms_bench2_N`. */
export function postgresUrl(server: string, posts: number): string {
  const u = new URL(server)
  u.pathname = `/cms_bench2_${posts}`
  return u.toString()
}

async function serverClient(server: string, database?: string): Promise<pg.Client> {
  const u = new URL(server)
  if (database) u.pathname = `/${database}`
  else if (u.pathname === '/' || u.pathname === '') u.pathname = '/postgres'
  const client = new pg.Client({ connectionString: u.toString() })
  await client.connect()
  return client
}

export interface DatasetRow {
  kind: 'user' | 'category' | 'post'
  values: unknown[]
}

const COLUMNS = {
  user: ['email', 'name', 'roles', 'loginAttempts', 'createdAt', 'updatedAt'],
  category: ['name', 'slug', 'createdAt', 'updatedAt'],
  post: [
    'title',
    'slug',
    'excerpt',
    'status',
    'views',
    'featured',
    'category',
    'author',
    'related',
    '_status',
    'createdAt',
    'updatedAt',
  ],
} as const
const TABLES = { user: 'users', category: 'categories', post: 'posts' } as const

/** A multi-row INSERT of `batch` (PostgreSQL binds at most 65,535 values per statement: batches stay far below). */
async function insertBatch(client: pg.Client, kind: DatasetRow['kind'], batch: unknown[][]) {
  if (!batch.length) return
  const columns = COLUMNS[kind].map((c) => `"${c}"`).join(', ')
  const width = COLUMNS[kind].length
  const tuples = batch.map(
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
  )
  await client.query(
    `INSERT INTO ${TABLES[kind]} (${columns}) VALUES ${tuples.join(', ')}`,
    batch.flat(),
  )
}

/**
 * The PostgreSQL dataset of `posts` posts in `cms_bench2_N`, seeded first when missing or incomplete: the schema
 * from `migrate` (the CMS's own push, with the admin), then the rows of `rows` in batches of 2,000, one
 * transaction, then ANALYZE.
 */
export async function postgresDataset(
  server: string,
  posts: number,
  rows: Iterable<DatasetRow>,
  migrate: (url: string) => Promise<void>,
): Promise<{ location: string; seededSeconds: number }> {
  const url = postgresUrl(server, posts)
  const name = `cms_bench2_${posts}`
  const admin = await serverClient(server)
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount) {
      const db = await serverClient(server, name)
      try {
        const last = await db
          .query('SELECT COUNT(*) AS n FROM posts WHERE slug = $1', [`post-${posts}`])
          .catch(() => ({ rows: [{ n: 0 }] }))
        if (Number(last.rows[0]?.n) === 1) return { location: url, seededSeconds: 0 }
      } finally {
        await db.end()
      }
    }
    const started = Date.now()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
    await migrate(url)
    const db = await serverClient(server, name)
    try {
      await db.query('BEGIN')
      let batch: unknown[][] = []
      let kind: DatasetRow['kind'] = 'user'
      for (const row of rows) {
        if (row.kind !== kind || batch.length >= 2000) {
          await insertBatch(db, kind, batch)
          batch = []
          kind = row.kind
        }
        batch.push(
          row.kind === 'user'
            ? [...row.values.slice(0, 2), '["member"]', 0, ...row.values.slice(2)]
            : row.values,
        )
      }
      await insertBatch(db, kind, batch)
      await db.query('COMMIT')
      await db.query('ANALYZE')
    } finally {
      await db.end()
    }
    const seededSeconds = (Date.now() - started) / 1000
    console.log(`Seeded ${posts} posts into PostgreSQL ${name} in ${seededSeconds.toFixed(1)} s.`)
    return { location: url, seededSeconds }
  } finally {
    await admin.end()
  }
}

/** Removes what earlier runs' write scenarios added to a PostgreSQL dataset (posts past the seeded ids, versions). */
export async function resetPostgres(server: string, posts: number): Promise<void> {
  const db = await serverClient(server, `cms_bench2_${posts}`)
  try {
    const removed = await db.query('DELETE FROM posts WHERE id > $1', [posts])
    await db.query('DELETE FROM _posts_versions')
    if (removed.rowCount) await db.query('ANALYZE posts')
  } finally {
    await db.end()
  }
}

/** The floor's in-process Local-find comparison on PostgreSQL: the two statements, timed by `timed`. */
export async function pgLocalFloor(
  url: string,
  sqls: string[],
  timed: (fn: () => Promise<unknown>) => Promise<{ rps: number; p50: number; p99: number }>,
) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await timed(async () => {
      for (const sql of sqls) await client.query(pgSql(sql))
    })
  } finally {
    await client.end()
  }
}
