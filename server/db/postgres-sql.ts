/**
 * What the PostgreSQL driver needs around the statements the CMS writes: `?` placeholders as `$1…$n`, the error
 * codes that mean "run the transaction again", and a URL checked without repeating its credentials.
 */
import { ConfigError } from '../errors/config-error.ts'
import { isNonNullObject } from '../utilities/guards.ts'
import { takeReplicas, type ReplicaOptions } from './postgres-replicas.ts'

/**
 * `?` → `$1…$n` outside quoted text and identifiers (`'…'`, `"…"`) and dollar-quoted bodies (`$$…$$`). The CMS
 * never uses the jsonb `?` operator, so every other `?` is a placeholder.
 */
export function positional(sql: string): string {
  if (!sql.includes('?')) return sql
  let out = ''
  let n = 0
  let quote: string | undefined
  for (let i = 0; i < sql.length; i++) {
    const c = sql.charAt(i)
    if (quote) {
      if (sql.startsWith(quote, i)) {
        out += quote
        i += quote.length - 1
        quote = undefined
        continue
      }
    } else if (c === "'" || c === '"') quote = c
    else if (c === '$' && sql[i + 1] === '$') {
      quote = '$$'
      out += '$$'
      i++
      continue
    } else if (c === '?') {
      out += `$${++n}`
      continue
    }
    out += c
  }
  return out
}

/**
 * A serialization failure (40001) or a deadlock (40P01): PostgreSQL rolled the transaction back whole, so it can
 * run again from the start, like a Galera certification failure on MariaDB.
 */
export function isRetryableConflict(error: unknown): boolean {
  for (let x = error, depth = 0; isNonNullObject(x) && depth < 5; depth++) {
    if (x.code === '40001' || x.code === '40P01') return true
    x = x.cause
  }
  return false
}

/** The server is starting, shutting down or refused the connection: nothing of the statement ran. */
export function isUnavailable(error: unknown): boolean {
  if (!isNonNullObject(error)) return false
  const code = error.code
  return (
    code === 'ECONNREFUSED' ||
    code === '57P01' || // admin shutdown
    code === '57P03' || // cannot connect now (starting up)
    code === '53300' // too many connections
  )
}

const EXPECTED = 'postgres://user:password@host[:port]/database'

/**
 * The URL checked: the description for logs (no credentials), the pool size (`?pool=n`), the read replicas
 * (`?replicas=host:port,…`, `?replicaReads=`: server/db/postgres-replicas.ts).
 */
export function parsePostgresUrl(
  url: string,
  name = 'DATABASE_URL',
): {
  description: string
  pool: number
  connectionString: string
  replicas?: ReplicaOptions
} {
  const fail = (what: string) =>
    new ConfigError(`${name} is not a valid PostgreSQL URL: ${what} (expected ${EXPECTED}).`)
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw fail('it cannot be parsed (a password with "@", ":" or "/" must be %-escaped)')
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw fail('it does not start with postgres:// or postgresql://')
  if (!parsed.hostname) throw fail('it names no host')
  const database = parsed.pathname.replace(/^\//, '')
  if (!database) throw fail('it names no database')
  const pool = parsed.searchParams.get('pool')
  if (pool !== null && !/^[1-9][0-9]{0,3}$/.test(pool))
    throw fail(`?pool= takes a number of connections from 1 to 9999; got "${pool}"`)
  parsed.searchParams.delete('pool')
  const replicas = takeReplicas(parsed, fail)
  return {
    replicas,
    description: `postgres://${parsed.host}/${database}`,
    pool: Number(pool ?? 10),
    connectionString: parsed.toString(),
  }
}

const INSERT_COLUMNS = /^\s*INSERT\s+INTO\s+("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*)\)/i

/**
 * The table (as the SQL spells it, quotes kept) of an INSERT that gives the `id` column a value; undefined for any
 * other statement. An identity column does not notice ids given to it: the driver moves its sequence past them.
 */
export function explicitIdTable(sql: string): string | undefined {
  const m = INSERT_COLUMNS.exec(sql)
  if (!m) return undefined
  return m[2].split(',').some((c) => /^\s*(?:"id"|id)\s*$/.test(c)) ? m[1] : undefined
}

/**
 * Moves a table's id sequence (serial or identity, `seq`: its name from `pg_get_serial_sequence`) to the table's
 * largest id when that is ahead of it. One binding: the sequence's name.
 */
export const advanceIdSequence = (table: string): string =>
  'SELECT setval(?::regclass, GREATEST(m, COALESCE(pg_sequence_last_value(?::regclass), 0))) ' +
  `FROM (SELECT MAX(id) AS m FROM ${table}) t WHERE m IS NOT NULL`
