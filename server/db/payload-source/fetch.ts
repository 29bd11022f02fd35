import type { Database } from '../database.ts'
import type { PageRows, Row } from './compile.ts'
import type { SourceTable, SourceTables } from './tables.ts'

/** Values bound by one `IN (…)` list. */
const CHUNK = 500

/** Every id of a root table, in order (documents are read a page of ids at a time). */
export async function rootIds(db: Database, table: string): Promise<unknown[]> {
  const q = db.dialect.quote
  return (await db.all<{ id: unknown }>(`SELECT id FROM ${q(table)} ORDER BY id`)).map((r) => r.id)
}

/** Rows of `table` whose `key` is one of `values`, a chunk of values per statement. */
async function rowsWhereIn(
  db: Database,
  table: string,
  key: string,
  values: unknown[],
): Promise<Row[]> {
  const q = db.dialect.quote
  const out: Row[] = []
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK)
    out.push(
      ...(await db.all<Row>(
        `SELECT * FROM ${q(table)} WHERE ${q(key)} IN (${chunk.map(() => '?').join(', ')})`,
        chunk,
      )),
    )
  }
  return out
}

/** Ties of `_order` (Payload can write two rows with one after appending), by id: numbers as numbers. */
const byId = (a: Row, b: Row): number =>
  typeof a.id === 'number' && typeof b.id === 'number'
    ? a.id - b.id
    : String(a.id) < String(b.id)
      ? -1
      : String(a.id) > String(b.id)
        ? 1
        : 0

const orderOf = (row: Row, key: string | undefined): number =>
  key === undefined ? 0 : Number(row[key] ?? 0)

/**
 * The rows of a page of root documents and of every table under them that the source has (`present`), each
 * table's rows fetched by the ids of the rows above it, grouped by parent and ordered as Payload orders them
 * (`_order` or `order`, ties by id).
 */
export async function fetchPage(
  db: Database,
  tables: SourceTables,
  ids: unknown[],
  present: { has(table: string): boolean },
): Promise<{ roots: Row[]; page: PageRows }> {
  const roots = await rowsWhereIn(db, tables.root.name, 'id', ids)
  // In the order of `ids` (the table's id order).
  const position = new Map(ids.map((id, i) => [String(id), i]))
  roots.sort((a, b) => (position.get(String(a.id)) ?? 0) - (position.get(String(b.id)) ?? 0))
  const fetched = new Map<SourceTable, Row[]>([[tables.root, roots]])
  const grouped = new Map<SourceTable, Map<string, Row[]>>()
  for (const table of tables.all) {
    if (table === tables.root || !table.parentKey || !present.has(table.name)) continue
    const parents = table.underRoot ? roots : (fetched.get(table.parent ?? tables.root) ?? [])
    const rows = parents.length
      ? await rowsWhereIn(
          db,
          table.name,
          table.parentKey,
          parents.map((r) => r.id),
        )
      : []
    fetched.set(table, rows)
    const byParent = new Map<string, Row[]>()
    for (const row of rows) {
      const key = String(row[table.parentKey])
      const list = byParent.get(key)
      if (list) list.push(row)
      else byParent.set(key, [row])
    }
    for (const list of byParent.values())
      list.sort((a, b) => orderOf(a, table.orderKey) - orderOf(b, table.orderKey) || byId(a, b))
    grouped.set(table, byParent)
  }
  const page: PageRows = {
    under: (table, parent) => grouped.get(table)?.get(String(parent)) ?? [],
    localesOf: (table, id) => {
      const rows = table.locales ? (grouped.get(table.locales)?.get(String(id)) ?? []) : []
      return new Map(rows.map((r) => [String(r._locale), r]))
    },
  }
  return { roots, page }
}

/**
 * The newest version of each document (each `parent_id`; `perParent` false: the whole table, a global's), for a
 * versions table without Payload's `latest` column (versions without drafts).
 */
export async function latestVersionIds(
  db: Database,
  table: string,
  perParent: boolean,
): Promise<Set<string>> {
  const q = db.dialect.quote
  const rows = await db.all<{ id: unknown }>(
    perParent
      ? `SELECT MAX(id) AS id FROM ${q(table)} GROUP BY ${q('parent_id')}`
      : `SELECT MAX(id) AS id FROM ${q(table)}`,
  )
  return new Set(rows.filter((r) => r.id !== null).map((r) => String(r.id)))
}
