import { existsSync } from 'node:fs'
import type { FlattenedField, SanitizedConfig } from '../../config/types.ts'
import { ConfigError } from '../../errors/config-error.ts'
import type { Database } from '../database.ts'
import { PostgresDatabase } from '../postgres-database.ts'
import { SqliteDatabase } from '../sqlite.ts'
import { compileRoot, type PageRows, type Row } from './compile.ts'
import { snake, type SourceTables } from './tables.ts'

/**
 * One root of a Payload database to read: a collection's table, its `_v` versions table, a global's table or its
 * versions, with the fields (this server's, of the same config) its documents are read with.
 */
export interface SourceRoot {
  kind: 'collection' | 'versions' | 'global' | 'global versions'
  /** The collection or global of the config. */
  slug: string
  /** The fields its documents are read with. */
  fields: FlattenedField[]
  tables: SourceTables
  read(page: PageRows, row: Row): Record<string, unknown>
}

/** Payload's own collections, not content: not copied (docs/porting-from-payload.md, "Bring your data"). */
export const PAYLOAD_SYSTEM = new Set([
  'payload-jobs',
  'payload-locked-documents',
  'payload-preferences',
  'payload-migrations',
  'payload-kv',
  'payload-query-presets',
])

/** Opens the database Payload wrote: `sqlite:<file>` (read only; the file must exist) or `postgres://…`. */
export function openSource(url: string): Database {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '')
    if (!file || file === ':memory:' || !existsSync(file))
      throw new ConfigError(`--from ${url}: no such SQLite file.`)
    return new SqliteDatabase(file, { readonly: true })
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://'))
    return new PostgresDatabase(url, '--from')
  throw new ConfigError(
    `--from must be sqlite:<file> or postgres://… (a database Payload's db-sqlite or db-postgres adapter wrote); got "${url.replace(/\/\/[^/?#]*@/, '//***@')}".`,
  )
}

/** The roots of a config, in an order that writes related documents first where it can (uploads, then the rest). */
export function sourceRoots(config: SanitizedConfig): SourceRoot[] {
  const locales = config.localization ? config.localization.localeCodes : []
  const root = (
    kind: SourceRoot['kind'],
    slug: string,
    table: string,
    fields: FlattenedField[],
  ): SourceRoot => ({ kind, slug, fields, ...compileRoot(fields, table, locales) })
  const out: SourceRoot[] = []
  for (const c of config.collections) {
    if (PAYLOAD_SYSTEM.has(c.slug)) continue
    out.push(root('collection', c.slug, snake(c.slug), c.flatFields))
    if (c.versionsCollection)
      out.push(root('versions', c.slug, `_${snake(c.slug)}_v`, c.versionsCollection.flatFields))
  }
  for (const g of config.globals) {
    out.push(root('global', g.slug, snake(g.slug), g.flatFields))
    if (g.versionsCollection)
      out.push(
        root('global versions', g.slug, `_${snake(g.slug)}_v`, g.versionsCollection.flatFields),
      )
  }
  return out
}

/** The source's tables and their columns. */
export async function catalogueOf(db: Database): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>()
  for (const c of (await db.dialect.catalogue(db)).columns) {
    const cols = out.get(c.table) ?? new Set<string>()
    cols.add(c.column)
    out.set(c.table, cols)
  }
  return out
}

/** Columns of Payload's layout that are not fields: ids, order, parents, locales, paths, timestamps. */
const BOOKKEEPING = new Set([
  'id',
  '_uuid',
  '_order',
  'order',
  '_parent_id',
  'parent_id',
  '_locale',
  'locale',
  '_path',
  'path',
  'block_name',
  'value',
  'created_at',
  'updated_at',
  // Payload's marks of a version made while one locale was published (the version is copied, the marks not).
  'snapshot',
  'published_locale',
  // The API key itself, kept encrypted by Payload; its index (`api_key_index`) is copied, which is all a login
  // by key needs.
  'api_key',
  'reset_password_requested_at',
])

/** Payload tables that are not content, or content deliberately not copied (sessions, locks, preferences). */
const NOT_COPIED = /^(payload_|_payload_)|_sessions$|_version_sessions$/

export interface LayoutReport {
  /** What the config needs and the database lacks (`table` or `table.column`): another config's database. */
  missing: string[]
  /** What the database holds and the config has no field for (`table` or `table.column`). */
  extra: string[]
}

/** Compares the tables the roots read with the source's. */
export function compareLayout(
  catalogue: Map<string, Set<string>>,
  roots: SourceRoot[],
): LayoutReport {
  const missing: string[] = []
  const extra: string[] = []
  const known = new Set<string>()
  for (const r of roots)
    for (const table of r.tables.all) {
      known.add(table.name)
      const have = catalogue.get(table.name)
      if (!have) {
        if (table === r.tables.root || table.columns.size) missing.push(table.name)
        continue
      }
      for (const c of table.columns) if (!have.has(c)) missing.push(`${table.name}.${c}`)
      for (const c of have)
        if (!table.columns.has(c) && !table.computed?.has(c) && !BOOKKEEPING.has(c))
          extra.push(`${table.name}.${c}`)
    }
  for (const table of catalogue.keys())
    if (!known.has(table) && !NOT_COPIED.test(table)) extra.push(table)
  return { missing, extra }
}

/** A database Payload 3 wrote: its bookkeeping tables, or what is wrong. */
export function payloadVersionProblem(catalogue: Map<string, Set<string>>): string | undefined {
  if (!catalogue.has('payload_migrations'))
    return 'it has no payload_migrations table, so Payload did not write it (or not with its SQL adapters)'
  if (!catalogue.has('payload_preferences') || !catalogue.has('payload_locked_documents'))
    return 'it lacks payload_locked_documents, which every Payload 3 database has: it looks like Payload 2, whose layout this import does not read (upgrade the site to Payload 3 first)'
  return undefined
}
