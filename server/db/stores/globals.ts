import type { Executor } from '../database.ts'
import type { Dialect } from '../dialects/dialect.ts'
import { isRecord } from '../../utilities/is-record.ts'

/** Globals are stored whole, as one JSON document per slug in `cms_globals`. */
export interface GlobalRow {
  data: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

/** The stored global `slug`, or undefined when never saved; `forUpdate` locks its row until the transaction ends. */
export async function readGlobalRow(
  ex: Executor,
  dialect: Dialect,
  slug: string,
  forUpdate = false,
): Promise<GlobalRow | undefined> {
  const q = dialect.quote
  const [row] = await ex.all<{ data: string; createdAt: string; updatedAt: string }>(
    `SELECT data, ${q('createdAt')}, ${q('updatedAt')} FROM cms_globals WHERE slug = ?${forUpdate ? dialect.forUpdate : ''}`,
    [slug],
  )
  if (!row) return undefined
  const data: unknown = JSON.parse(row.data)
  if (!isRecord(data)) throw new Error(`cms_globals holds no object for the global "${slug}".`)
  return {
    data,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** Saves global `slug`: an update of its row when `exists`, else its first insert; `stamps` keep given times (an import). */
export async function writeGlobalRow(
  ex: Executor,
  dialect: Dialect,
  slug: string,
  data: Record<string, unknown>,
  exists: boolean,
  stamps: { createdAt?: string; updatedAt?: string } = {},
): Promise<void> {
  const now = new Date().toISOString()
  const updatedAt = stamps.updatedAt ?? now
  const q = dialect.quote
  if (exists) {
    await ex.run(`UPDATE cms_globals SET data = ?, ${q('updatedAt')} = ? WHERE slug = ?`, [
      JSON.stringify(data),
      updatedAt,
      slug,
    ])
  } else {
    await ex.run(
      `INSERT INTO cms_globals (slug, data, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, ?, ?)`,
      [slug, JSON.stringify(data), stamps.createdAt ?? now, updatedAt],
    )
  }
}
