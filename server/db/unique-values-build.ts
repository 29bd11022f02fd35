import { createHash } from 'node:crypto'
import { ConfigError } from '../errors/config-error.ts'
import type { Database, Executor } from './database.ts'
import type { CollectionSchema } from './schema.ts'
import { keyOf, rootValues, type UniqueValue, type UniqueValues } from './unique-values.ts'

/** Documents read at a time while filling a unique-values table. */
const PAGE = 500
/** Values inserted by one statement. */
const CHUNK = 200
/** The paths whose values are all written, per unique-values table (an internal table: db/schema.ts). */
const BUILT = 'cms_unique_paths'

/**
 * Keeps the unique-values tables (db/unique-values.ts) in step with the config, at start. A path the config no
 * longer keeps unique loses its values (nothing keeps them current any more), even where its collection lost every
 * unique field. A path not yet written (a field made unique, a database from before the table) has its
 * documents' values written, in one transaction per collection, and is recorded in `cms_unique_paths`. Two
 * documents sharing a value stop the start, naming both, as adding a unique index over duplicates stops a
 * migration.
 */
export async function buildUniqueValues(
  db: Database,
  schemas: Map<string, CollectionSchema>,
): Promise<void> {
  const q = db.dialect.quote
  const wanted = new Map<string, Set<string>>()
  for (const s of schemas.values())
    if (s.uniqueValues) wanted.set(s.uniqueValues.table.name, new Set(s.uniqueValues.paths))
  const built = await db.all<{ slot: string; table_name: string; path: string }>(
    `SELECT ${q('slot')}, ${q('table_name')}, ${q('path')} FROM ${q(BUILT)}`,
  )
  for (const b of built) {
    if (wanted.get(b.table_name)?.has(b.path)) continue
    await db.transaction(async (tx) => {
      await tx.run(`DELETE FROM ${q(BUILT)} WHERE ${q('slot')} = ?`, [b.slot])
      // Its table went with its collection when a migration dropped both: nothing left to forget.
      if (await exists(tx, db, b.table_name))
        await tx.run(`DELETE FROM ${q(b.table_name)} WHERE ${q('path')} = ?`, [b.path])
    })
  }
  for (const [slug, schema] of schemas) {
    const u = schema.uniqueValues
    if (!u) continue
    const done = new Set(built.filter((b) => b.table_name === u.table.name).map((b) => b.path))
    const missing = u.paths.filter((p) => !done.has(p))
    if (missing.length === 0) continue
    try {
      await db.transaction((tx) => fill(tx, db, slug, schema, u, missing))
    } catch (error) {
      // Another process starting beside this one filled them first.
      if (db.dialect.uniqueViolation(error) === undefined) throw error
    }
  }
}

const slotOf = (table: string, path: string) =>
  createHash('sha256').update(`${table}\u0000${path}`).digest('hex')

const exists = async (tx: Executor, db: Database, table: string): Promise<boolean> =>
  (await db.dialect.catalogue(tx)).columns.some((c) => c.table === table)

async function fill(
  tx: Executor,
  db: Database,
  slug: string,
  schema: CollectionSchema,
  u: UniqueValues,
  missing: string[],
): Promise<void> {
  const q = db.dialect.quote
  const table = q(u.table.name)
  const wanted = new Set(missing)
  const list = missing.map(() => '?').join(', ')
  await tx.run(`DELETE FROM ${table} WHERE ${q('path')} IN (${list})`, missing)
  const holders = new Map<string, { id: unknown; at: string }>()
  const columns = ['id', ...new Set(u.roots.map((r) => r.column))].map(q).join(', ')
  let last: unknown
  for (;;) {
    const rows = await tx.all<Record<string, unknown>>(
      `SELECT ${columns} FROM ${q(schema.table.name)}${last === undefined ? '' : ' WHERE id > ?'} ORDER BY id LIMIT ${PAGE}`,
      last === undefined ? [] : [last],
    )
    if (rows.length === 0) break
    last = rows[rows.length - 1].id
    const values: (UniqueValue & { id: unknown })[] = []
    for (const row of rows)
      for (const root of u.roots) {
        const raw = row[root.column]
        if (raw === null || raw === undefined) continue
        const stored = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
        for (const v of rootValues(root, stored))
          if (wanted.has(v.path)) values.push({ ...v, id: row.id })
      }
    for (const v of values) {
      const key = keyOf(v)
      const other = holders.get(key)
      if (other)
        throw new ConfigError(
          `Collection "${slug}": ${v.path} is unique, but documents ${String(other.id)} (${other.at}) and ${String(v.id)} (${v.at}) hold the same value${v.locale ? ` in locale ${v.locale}` : ''}; make them differ, or remove unique.`,
        )
      holders.set(key, { id: v.id, at: v.at })
    }
    await insert(
      tx,
      `${table} (${['parent', 'path', 'locale', 'value'].map(q).join(', ')})`,
      values.map((v) => [v.id, v.path, v.locale, v.value]),
    )
  }
  await insert(
    tx,
    `${q(BUILT)} (${['slot', 'table_name', 'path'].map(q).join(', ')})`,
    missing.map((path) => [slotOf(u.table.name, path), u.table.name, path]),
  )
}

/** Inserts rows into `into` (a table and its column list), a chunk per statement. */
async function insert(tx: Executor, into: string, rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK)
    const row = `(${chunk[0].map(() => '?').join(', ')})`
    await tx.run(`INSERT INTO ${into} VALUES ${chunk.map(() => row).join(', ')}`, chunk.flat())
  }
}
