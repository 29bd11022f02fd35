import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { SanitizedCollection, Where } from '../config/types.ts'
import type { Database, Executor } from './database.ts'
import type { Dialect } from './dialects/dialect.ts'
import { countFrom, countRows } from './store.ts'
import type { QueryContext } from './where.ts'

/**
 * Cached totals (docs/performance.md, "Cached totals"). A list page's `totalDocs` is a COUNT(*) over every
 * matching row; at a million rows that costs far more than the page. Each process keeps the totals it counted,
 * keyed by the count's SQL and bound values, and stamped with the write generations of the tables the SQL
 * reads. A generation lives in the database (`cms_generations`, one row per table and writing process, summed)
 * and is bumped in the same transaction as every write to its table, so a total is reused only while no process
 * has committed a write that could change it.
 */

export const GENERATIONS_TABLE = 'cms_generations'
/** The generation every cached total also depends on: bumped by schema changes (ALTER, DROP, RENAME, TRUNCATE). */
const SCHEMA = '*'
/** Totals kept per database handle (least recently used first out). */
export const TOTALS_CACHE_SIZE = 1000
/** A count whose SQL and values are longer than this (a long `in` list) is not kept. */
const MAX_KEY = 4096

// ---- writes: which table a statement changes ------------------------------------------------------------------

const DML =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?(?:\s+IGNORE)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:[`"]([^`"]+)[`"]|([A-Za-z0-9_$]+))/i
const DDL = /^\s*(?:ALTER|DROP|RENAME|TRUNCATE)\b/i

/**
 * The table whose rows `sql` may change: its name, `*` for a schema change, undefined for a read or a write to an
 * internal table (`cms_…` other than the globals', never counted). Every statement of the server passes here, so reads leave at the first
 * letter.
 */
export function writtenTable(sql: string): string | undefined {
  const c = sql.charCodeAt(0) | 0x20
  if (c === 0x73 /* s: SELECT, SET, SAVEPOINT */) return undefined
  const m = DML.exec(sql)
  if (m) {
    const table = m[1] ?? m[2]
    // Globals (`cms_globals`, `cms_global_<slug>_versions`) are content: conditional reads depend on them.
    return table.startsWith('cms_') && !table.startsWith('cms_global') ? undefined : table
  }
  return DDL.test(sql) ? SCHEMA : undefined
}

/**
 * A writer's rows of `cms_generations`: one per table it writes, so two writers (two processes, or two CMS
 * instances in one process on two Galera nodes) never update the same row, which would fail certification. A
 * writer is one tracked database: host and pid, plus a random part, since a pid is reused by the next process (a
 * container's pid 1) and one process may open several. A restart adds rows, which the sums read through the
 * table_name index.
 */
const newWriter = () =>
  `${hostname().slice(0, 100)}:${process.pid}:${randomBytes(6).toString('hex')}`
const slotOf = (writer: string) => (table: string) => `${table}|${writer}`

/**
 * Bumps `writer`'s generations of `tables` (sorted, so two transactions lock the rows in one order). With
 * several writing nodes (`nodeKey`, an SQL expression naming the node a statement runs on), the slot also names
 * the node: a writer whose connections move to another node (failover) never bumps one row through both, which
 * would fail certification.
 */
async function bump(
  ex: Executor,
  writer: string,
  dialect: Dialect,
  tables: Iterable<string>,
  nodeKey: string | undefined,
  inTransaction: boolean,
): Promise<void> {
  const names = [...tables].sort()
  const q = dialect.quote
  const table = q(GENERATIONS_TABLE)
  const slot = nodeKey ? `CONCAT(?, '@', ${nodeKey})` : '?'
  // PostgreSQL aborts a transaction at its first failing statement: the bump runs in a savepoint there, so a
  // missing table (before the migration that creates it) leaves the transaction usable.
  const savepoint = inTransaction && dialect.failureAbortsTransaction === true
  if (savepoint) await ex.run('SAVEPOINT cms_bump')
  try {
    const { changes } = await ex.run(
      bumpSql(dialect, names.length, slot),
      names.map(slotOf(writer)),
    )
    if (changes >= names.length) {
      if (savepoint) await ex.run('RELEASE SAVEPOINT cms_bump')
      return
    }
    // A table this process writes for the first time: its row starts at 1 (an upsert: a concurrent transaction of
    // this process may insert it too).
    for (const name of names)
      await ex.run(
        `INSERT INTO ${table} (${q('slot')}, ${q('table_name')}, ${q('generation')}) VALUES (${slot}, ?, 1) ` +
          `${dialect.onConflictUpdate(q('slot'))} ${q('generation')} = ${dialect.conflictStored(table, q('generation'))} + 1`,
        [slotOf(writer)(name), name],
      )
    if (savepoint) await ex.run('RELEASE SAVEPOINT cms_bump')
  } catch (error) {
    // Before the migration that creates the table nothing can have been counted against it. (A failing probe
    // would abort PostgreSQL's transaction again: it asks the catalogue instead.)
    if (savepoint) {
      await ex.run('ROLLBACK TO SAVEPOINT cms_bump')
      const [found] = await ex.all('SELECT to_regclass(?) AS r', [GENERATIONS_TABLE])
      if (found?.r !== null) throw error
    } else if (await hasGenerations(ex, table)) throw error
  }
}

/** The UPDATE bumping `count` slots; where the database would lock them in scan order, in slot order first. */
function bumpSql(dialect: Dialect, count: number, slot: string): string {
  const q = dialect.quote
  const table = q(GENERATIONS_TABLE)
  const list = `${q('slot')} IN (${Array.from({ length: count }, () => slot).join(', ')})`
  const next = `${q('generation')} = ${q('generation')} + 1`
  if (count === 1 || !dialect.updateLocksInScanOrder)
    return `UPDATE ${table} SET ${next} WHERE ${list}`
  return (
    `UPDATE ${table} SET ${next} FROM (SELECT ${q('slot')} AS s FROM ${table} WHERE ${list} ` +
    `ORDER BY ${q('slot')}${dialect.forUpdate}) AS l WHERE ${table}.${q('slot')} = l.s`
  )
}

async function hasGenerations(ex: Executor, table: string): Promise<boolean> {
  try {
    await ex.all(`SELECT 1 FROM ${table} WHERE 1 = 0`)
    return true
  } catch {
    return false
  }
}

// ---- the tracked database -----------------------------------------------------------------------------------

interface Tracker {
  /** Set while a transaction of this handle runs: reads there may see its uncommitted rows and bumps. */
  readonly inside: AsyncLocalStorage<true>
  readonly totals: Map<string, Total>
}
interface Total {
  n: number
  /** The sum of the generations of `deps` when `n` was counted (each only grows, so equal sums: no write between). */
  stamp: number
  deps: string[]
  /** The sum of every generation the request had read before counting (`contentGeneration`), if it had. */
  seen?: number
}

/** Each request's sum of every generation, read once before its documents (conditional reads). */
const seenByRequest = new WeakMap<object, number>()
/** Notes the sum of every generation `req` read before reading documents: its counts may rely on it. */
export const noteGeneration = (req: object, generation: number): void => {
  seenByRequest.set(req, generation)
}
export const generationSeen = (req: object): number | undefined => seenByRequest.get(req)

const trackers = new WeakMap<object, Tracker>()

/**
 * The database with its writes tracked: a transaction that writes a table bumps that table's generation just
 * before it commits; a write outside a transaction runs in one of its own with the bump; a schema change bumps
 * `*`. Everything else (the dialect, onQuery, close, driver specifics) is the database's own.
 *
 * @example
 * const db = trackWrites(connect(url))
 * await db.run('UPDATE posts SET views = 0') // and posts' generation + 1, in one transaction
 */
export function trackWrites(db: Database): Database {
  if (trackers.has(db)) return db
  const tracker: Tracker = { inside: new AsyncLocalStorage(), totals: new Map() }
  const writer = newWriter()
  const dialect = db.dialect
  const recording = (tx: Executor, written: Set<string>): Executor => ({
    all: (sql, bindings) => {
      const table = writtenTable(sql)
      if (table) written.add(table)
      return tx.all(sql, bindings)
    },
    run: (sql, bindings) => {
      const table = writtenTable(sql)
      if (table) written.add(table)
      return tx.run(sql, bindings)
    },
  })
  const transaction = <T>(fn: (tx: Executor) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const written = new Set<string>()
      const result = await tracker.inside.run(true, () => fn(recording(tx, written)))
      if (written.size) await bump(tx, writer, dialect, written, db.nodeKey, true)
      return result
    })
  /** A statement outside a transaction: a write runs in its own, with the bump; a schema change bumps after it. */
  const alone = async <R>(
    sql: string,
    bindings: readonly unknown[] | undefined,
    send: (ex: Executor) => Promise<R>,
  ): Promise<R> => {
    const table = writtenTable(sql)
    if (!table) return send(db)
    if (table === SCHEMA) {
      // MariaDB commits DDL on its own; the bump follows it (a reader in between may still use an old total).
      const result = await send(db)
      await bump(db, writer, dialect, [SCHEMA], db.nodeKey, false)
      return result
    }
    return transaction(async (tx) => send(tx))
  }
  const own = new Map<PropertyKey, unknown>(
    Object.entries({
      all: <T>(sql: string, bindings?: readonly unknown[]) =>
        alone(sql, bindings, (ex) => ex.all<T>(sql, bindings)),
      run: (sql: string, bindings?: readonly unknown[]) =>
        alone(sql, bindings, (ex) => ex.run(sql, bindings)),
      transaction,
    } satisfies Partial<Database>),
  )
  const bound = new Map<PropertyKey, unknown>()
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (own.has(prop)) return own.get(prop)
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      let fn = bound.get(prop)
      if (!fn) bound.set(prop, (fn = value.bind(target)))
      return fn
    },
  })
  trackers.set(proxy, tracker)
  return proxy
}

// ---- reads: the cached count ----------------------------------------------------------------------------------

/** The generations a count depends on: `*` and every collection table its SQL names (relations, versions). */
function dependencies(ctx: QueryContext, sql: string): string[] {
  const deps = [SCHEMA]
  for (const schema of ctx.schemas.values())
    if (sql.includes(ctx.dialect.quote(schema.table.name))) deps.push(schema.table.name)
  return deps
}

const bindingKey = (_: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)

/**
 * The number of documents of `collection` matching `where`: counted (one statement that also reads the
 * generations), or, when no write touched the tables the count reads since it was counted, the kept total (one
 * statement reading a few rows of `cms_generations`). Not kept inside a transaction (`ex` is not `db`), where
 * uncommitted rows would be counted.
 */
export async function countTotal(
  db: Database,
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  where?: Where,
  seen?: number,
): Promise<number> {
  const counted = countFrom(ctx, collection, where)
  const { from, bindings } = counted
  const tracker = trackers.get(db)
  const key = `${from}\u0000${JSON.stringify(bindings, bindingKey)}`
  if (!tracker || ex !== db || tracker.inside.getStore() || key.length > MAX_KEY)
    return countRows(ex, counted)
  const q = ctx.dialect.quote
  const stamp = (deps: string[]) =>
    `SELECT COALESCE(SUM(${q('generation')}), 0) AS g FROM ${q(GENERATIONS_TABLE)} WHERE ${q('table_name')} IN (${deps.map(() => '?').join(', ')})`
  const kept = tracker.totals.get(key)
  // The request read the sum of every generation before: equal to the one before this count, no write at all
  // came between (sums only grow), so the total holds without a statement.
  if (kept && seen !== undefined && kept.seen === seen) {
    tracker.totals.delete(key)
    tracker.totals.set(key, kept)
    return kept.n
  }
  if (kept) {
    const [row] = await ex.all<{ g: number }>(stamp(kept.deps), kept.deps)
    if (Number(row.g) === kept.stamp) {
      // Nothing it reads was written since it was counted, before the request read `seen`: it holds there too.
      kept.seen = seen
      tracker.totals.delete(key)
      tracker.totals.set(key, kept)
      return kept.n
    }
  }
  const deps = kept?.deps ?? dependencies(ctx, from)
  // One statement: the count and the generations it saw come from one snapshot.
  const [row] = await ex.all<{ n: number; g: number }>(
    `SELECT COUNT(*) AS n, (${stamp(deps)}) AS g ${from}`,
    [...deps, ...bindings],
  )
  const total: Total = { n: Number(row.n), stamp: Number(row.g), deps, seen }
  tracker.totals.delete(key)
  tracker.totals.set(key, total)
  const oldest = tracker.totals.keys().next()
  if (tracker.totals.size > TOTALS_CACHE_SIZE && !oldest.done) tracker.totals.delete(oldest.value)
  return total.n
}

/**
 * The sum of every write generation: documents, versions, globals and the schema. Each only grows, so while the
 * sum is unchanged no process has committed a write through the CMS that a read could show (conditional reads,
 * server/http/conditional.ts). Writes made around the CMS (raw SQL on another connection) are not seen.
 */
export async function contentGeneration(ex: Executor, dialect: Dialect): Promise<number> {
  const q = dialect.quote
  const [row] = await ex.all<{ g: number }>(
    `SELECT COALESCE(SUM(${q('generation')}), 0) AS g FROM ${q(GENERATIONS_TABLE)}`,
  )
  return Number(row.g)
}
