import type { ID } from '../../config/types.ts'
import type { Executor } from '../database.ts'
import type { Dialect } from '../dialects/dialect.ts'

/**
 * The bookkeeping statements of a versions table (`parent`, `latest`, one row per saved version). Rows are
 * touched by primary key, so concurrent saves of other documents take no range locks (InnoDB gap locks).
 * A global's versions table has no `parent` (`parent` undefined): the whole table is its one document's.
 */

const ofParent = (dialect: Dialect, parent: ID | undefined): { sql: string; params: unknown[] } =>
  parent === undefined
    ? { sql: '1 = 1', params: [] }
    : { sql: `${dialect.quote('parent')} = ?`, params: [parent] }

/** Clears the `latest` mark of `parent`'s current newest version(s). */
export async function unmarkLatest(
  ex: Executor,
  dialect: Dialect,
  table: string,
  parent: ID | undefined,
): Promise<void> {
  const q = dialect.quote
  const scope = ofParent(dialect, parent)
  const previous = await ex.all<{ id: number }>(
    `SELECT id FROM ${q(table)} WHERE ${scope.sql} AND ${q('latest')} = ?`,
    [...scope.params, 1],
  )
  for (const { id } of previous)
    await ex.run(`UPDATE ${q(table)} SET ${q('latest')} = ? WHERE id = ?`, [0, id])
}

/** Deletes `parent`'s versions beyond the newest `keep`. */
export async function pruneVersions(
  ex: Executor,
  dialect: Dialect,
  table: string,
  parent: ID | undefined,
  keep: number,
): Promise<void> {
  const q = dialect.quote
  const scope = ofParent(dialect, parent)
  const old = await ex.all<{ id: number }>(
    `SELECT id FROM ${q(table)} WHERE ${scope.sql} ORDER BY id DESC LIMIT 1000000 OFFSET ?`,
    [...scope.params, keep],
  )
  if (old.length)
    await ex.run(
      `DELETE FROM ${q(table)} WHERE id IN (${old.map(() => '?').join(', ')})`,
      old.map((r) => r.id),
    )
}

/** Deletes every version of `parent` (its document was deleted). */
export async function deleteAllVersions(
  ex: Executor,
  dialect: Dialect,
  table: string,
  parent: ID,
): Promise<void> {
  const q = dialect.quote
  await ex.run(`DELETE FROM ${q(table)} WHERE ${q('parent')} = ?`, [parent])
}
