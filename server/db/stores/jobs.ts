/**
 * Claiming jobs of `payload-jobs` (docs/jobs.md, "Claiming across servers"): in one short transaction, the oldest
 * runnable jobs are selected with `FOR UPDATE SKIP LOCKED` (MariaDB, PostgreSQL; SQLite's write transaction holds
 * the whole database) and each is marked processing with a lease by an UPDATE that repeats the runnable condition,
 * so two servers never both claim one job. A job whose lease ran out (its server died) is runnable again.
 */
import { uuidOf } from '../../config/ids.ts'
import { claimOrNothing, claimWindow, pick } from './claim.ts'
import type { Database } from '../database.ts'
import type { CollectionSchema } from '../schema.ts'

export interface ClaimArgs {
  /** Only this queue (undefined: every queue). */
  queue?: string
  /** Only these jobs (a `where` the caller resolved, or one job by id). */
  ids?: readonly (string | number)[]
  limit: number
  /** Now and the end of the lease, as ISO strings (dates are stored so, and compare as text). */
  now: string
  leaseUntil: string
}

/** The column of a top-level field of the jobs collection. */
function column(schema: CollectionSchema, name: string): string {
  if (name === 'id' || name === 'createdAt') return name
  const placement = schema.placements.get(name)
  if (!placement || placement.kind !== 'column')
    throw new Error(`The jobs collection has no column for "${name}".`)
  return placement.column
}

/** Claims up to `limit` runnable jobs, oldest first, and answers their ids. */
export async function claimJobs(
  db: Database,
  schema: CollectionSchema,
  args: ClaimArgs,
): Promise<(string | number)[]> {
  if (!Number.isInteger(args.limit) || args.limit < 1) return []
  // A UUID queue's ids: one that is no UUID is no job (PostgreSQL's uuid column would refuse it).
  const ids =
    args.ids && schema.idKind === 'uuid' ? args.ids.flatMap((id) => uuidOf(id) ?? []) : args.ids
  if (ids && !ids.length) return []
  const d = db.dialect
  const c = (name: string) => d.quote(column(schema, name))
  const table = d.quote(schema.table.name)
  const runnable =
    `${c('completedAt')} IS NULL AND ${c('hasError')} = 0` +
    ` AND (${c('waitUntil')} IS NULL OR ${c('waitUntil')} <= ?)` +
    ` AND (${c('processing')} = 0 OR ${c('processingUntil')} IS NULL OR ${c('processingUntil')} < ?)`
  const filters: string[] = []
  const bindings: unknown[] = [args.now, args.now]
  if (args.queue !== undefined) {
    filters.push(` AND ${c('queue')} = ?`)
    bindings.push(args.queue)
  }
  if (ids) {
    filters.push(` AND ${c('id')} IN (${ids.map(() => '?').join(', ')})`)
    bindings.push(...ids)
  }
  return claimOrNothing(() =>
    db.transaction(async (tx) => {
      const rows = await tx.all<{ id: string | number }>(
        `SELECT ${c('id')} AS id FROM ${table} WHERE ${runnable}${filters.join('')}` +
          ` ORDER BY ${c('createdAt')}, ${c('id')} LIMIT ${claimWindow(db, args.limit)}${d.skipLocked}`,
        bindings,
      )
      const claimed: (string | number)[] = []
      for (const { id } of pick(db, rows, args.limit)) {
        const result = await tx.run(
          `UPDATE ${table} SET ${c('processing')} = 1, ${c('processingUntil')} = ? WHERE ${c('id')} = ? AND ${runnable}`,
          [args.leaseUntil, id, args.now, args.now],
        )
        if (result.changes === 1) claimed.push(id)
      }
      return claimed
    }),
  )
}

/** Counts the runnable jobs left (of `queue`, or every queue), for `remainingJobsFromQueried`. */
export async function countRunnable(
  db: Database,
  schema: CollectionSchema,
  now: string,
  queue?: string,
): Promise<number> {
  const d = db.dialect
  const c = (name: string) => d.quote(column(schema, name))
  const [row] = await db.all<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM ${d.quote(schema.table.name)} WHERE ${c('completedAt')} IS NULL AND ${c('hasError')} = 0` +
      ` AND (${c('waitUntil')} IS NULL OR ${c('waitUntil')} <= ?) AND ${c('processing')} = 0` +
      (queue === undefined ? '' : ` AND ${c('queue')} = ?`),
    queue === undefined ? [now] : [now, queue],
  )
  return Number(row.n)
}
