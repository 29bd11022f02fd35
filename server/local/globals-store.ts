import type { Executor } from '../db/database.ts'
import type { Cms } from './cms.ts'

/** Globals are stored whole, as one JSON document per slug in `cms_globals`. */
export async function readGlobalRow(cms: Cms, ex: Executor, slug: string, forUpdate = false) {
  const lock = forUpdate && cms.db.dialect.name === 'mysql' ? ' FOR UPDATE' : ''
  const rows = await ex.all<{ data: string; createdAt: string; updatedAt: string }>(
    `SELECT data, ${cms.db.dialect.quote('createdAt')}, ${cms.db.dialect.quote('updatedAt')} FROM cms_globals WHERE slug = ?${lock}`, [slug])
  if (!rows[0]) return undefined
  return { data: JSON.parse(rows[0].data) as Record<string, unknown>, createdAt: rows[0].createdAt, updatedAt: rows[0].updatedAt }
}

export async function writeGlobalRow(cms: Cms, ex: Executor, slug: string, data: Record<string, unknown>, exists: boolean): Promise<void> {
  const now = new Date().toISOString()
  const q = cms.db.dialect.quote
  if (exists) {
    await ex.run(`UPDATE cms_globals SET data = ?, ${q('updatedAt')} = ? WHERE slug = ?`, [JSON.stringify(data), now, slug])
  } else {
    await ex.run(`INSERT INTO cms_globals (slug, data, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, ?, ?)`, [slug, JSON.stringify(data), now, now])
  }
}
