import { ServiceUnavailable } from '../../errors/service-unavailable.ts'
import type { Database } from '../database.ts'

/**
 * Claiming queued rows (outbox deliveries, jobs) where several nodes take writes (a Galera cluster, `nodeKey`):
 * `SKIP LOCKED` holds on one node only, so workers on two nodes that both take the oldest due rows collide at
 * certification on every round, and a transaction retried five times fails. There each worker reads a wider
 * window of due rows (`window`) and takes a random part of it (`pick`), so two nodes mostly claim different rows;
 * a collision that remains is one certification retry. On one database server both keep the oldest-first order.
 */
export const claimWindow = (db: Database, limit: number): number =>
  db.nodeKey ? Math.min(limit * 4, 1000) : limit

/** The rows to try, in order: the first `limit` on one server, a random `limit` of the window on a cluster. */
export function pick<T>(db: Database, rows: T[], limit: number): T[] {
  if (!db.nodeKey) return rows.slice(0, limit)
  const shuffled = [...rows]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
  }
  return shuffled.slice(0, limit)
}

/**
 * Runs a claim's transaction; where it kept colliding with other nodes' claims of the same rows until its retries
 * ran out (a Galera `writeConflict`), those rows went to the other nodes: this round claims nothing, and the next
 * round reads the queue again. Any other failure is thrown.
 */
export async function claimOrNothing<T>(claim: () => Promise<T[]>): Promise<T[]> {
  try {
    return await claim()
  } catch (error) {
    if (error instanceof ServiceUnavailable && error.reason === 'writeConflict') return []
    throw error
  }
}
