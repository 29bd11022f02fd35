import type { Executor } from './database.ts'
import type { Dialect } from './dialects/dialect.ts'
import type { ColumnSpec, IndexSpec, TableSpec } from './schema.ts'

/** The migration bookkeeping tables: never part of a schema diff. */
export const MIGRATION_TABLES = new Set(['cms_migrations', 'cms_migration_lock'])

/**
 * The tables a database holds, read from its catalogue, as the same specs the config compiles to: column types
 * mapped back to the CMS's column types, and the indexes created by name (SQLite's automatic indexes and
 * MariaDB's PRIMARY are left out). On SQLite a JSON column reads back as `text`: both are TEXT there.
 */
export async function introspect(ex: Executor, dialect: Dialect): Promise<Map<string, TableSpec>> {
  const out = new Map<string, TableSpec>()
  const table = (name: string) => {
    if (!out.has(name)) out.set(name, { name, columns: [], indexes: [] })
    return out.get(name)!
  }
  if (dialect.name === 'sqlite') {
    const tables = await ex.all<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    for (const { name } of tables) {
      if (MIGRATION_TABLES.has(name)) continue
      const spec = table(name)
      const cols = await ex.all<{ name: string; type: string; pk: number }>(
        'SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid',
        [name],
      )
      spec.columns = cols.map((c) => columnSpec(c.name, c.type, c.pk > 0))
      const idx = await ex.all<{ name: string; unique: number; origin: string }>(
        'SELECT name, "unique", origin FROM pragma_index_list(?)',
        [name],
      )
      for (const i of idx
        .filter((i) => i.origin === 'c')
        .sort((a, b) => a.name.localeCompare(b.name))) {
        const columns = await ex.all<{ name: string }>(
          'SELECT name FROM pragma_index_info(?) ORDER BY seqno',
          [i.name],
        )
        spec.indexes.push({
          name: i.name,
          columns: columns.map((c) => c.name),
          unique: i.unique === 1,
        })
      }
    }
    return out
  }
  const cols = await ex.all<{ t: string; c: string; type: string; k: string }>(
    'SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type, COLUMN_KEY AS k FROM information_schema.COLUMNS ' +
      'WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION',
  )
  for (const { t, c, type, k } of cols) {
    if (!MIGRATION_TABLES.has(t)) table(t).columns.push(columnSpec(c, type, k === 'PRI'))
  }
  const idx = await ex.all<{ t: string; i: string; nu: number | string; c: string }>(
    'SELECT TABLE_NAME AS t, INDEX_NAME AS i, NON_UNIQUE AS nu, COLUMN_NAME AS c FROM information_schema.STATISTICS ' +
      "WHERE TABLE_SCHEMA = DATABASE() AND INDEX_NAME <> 'PRIMARY' ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
  )
  for (const { t, i, nu, c } of idx) {
    if (MIGRATION_TABLES.has(t)) continue
    const spec = table(t)
    let index = spec.indexes.find((x) => x.name === i)
    if (!index) spec.indexes.push((index = { name: i, columns: [], unique: Number(nu) === 0 }))
    index.columns.push(c)
  }
  return out
}

/** A catalogue type (`varchar(32)`, `int(11)`, `tinyint(1)`, `longtext`, `float`…) as a CMS column type. */
function columnSpec(name: string, raw: string, primaryKey: boolean): ColumnSpec {
  const type = raw.toLowerCase()
  if (primaryKey && /int/.test(type)) return { name, type: 'id' }
  const chars = /char\((\d+)\)/.exec(type)
  if (chars) return { name, type: 'string', length: Number(chars[1]) }
  if (type.includes('longtext')) return { name, type: 'json' }
  if (type.includes('text') || type.includes('clob')) return { name, type: 'text' }
  if (type === 'boolean' || type === 'bool' || type.startsWith('tinyint(1)'))
    return { name, type: 'boolean' }
  if (/double|float|real|decimal|numeric/.test(type)) return { name, type: 'double' }
  if (type.includes('int')) return { name, type: 'integer' }
  return { name, type: 'text' }
}

/** Whether a column of type `a` can hold what one of type `b` holds: a rename candidate. */
export function sameKind(a: ColumnSpec, b: ColumnSpec): boolean {
  const kind = (c: ColumnSpec) => (c.type === 'json' ? 'text' : c.type)
  return kind(a) === kind(b)
}

export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return a.unique === b.unique && a.columns.join('\0') === b.columns.join('\0')
}
