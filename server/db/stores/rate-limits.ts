import type { Executor } from '../database.ts'
import type { Dialect } from '../dialects/dialect.ts'

/** Fixed-window counters in `cms_rate_limits`, one row per bucket, shared by every process on the database. */
export interface RateWindow {
  /** Epoch ms the bucket's current window started. */
  start: number
  hits: number
}

export async function readWindow(ex: Executor, bucket: string): Promise<RateWindow | undefined> {
  const [row] = await ex.all<{ window_start: number; hits: number }>(
    'SELECT window_start, hits FROM cms_rate_limits WHERE bucket = ?',
    [bucket],
  )
  return row ? { start: Number(row.window_start), hits: Number(row.hits) } : undefined
}

/**
 * Counts one hit at `now` in one atomic statement: a window that started at or before `now - windowMs` is over,
 * so the bucket starts a new one with this hit.
 */
export async function countHit(
  ex: Executor,
  dialect: Dialect,
  bucket: string,
  now: number,
  windowMs: number,
): Promise<void> {
  const over = now - windowMs
  const stored = (column: string) => dialect.conflictStored('cms_rate_limits', column)
  await ex.run(
    `INSERT INTO cms_rate_limits (bucket, window_start, hits) VALUES (?, ?, 1) ${dialect.onConflictUpdate('bucket')}
     hits = CASE WHEN ${stored('window_start')} <= ? THEN 1 ELSE ${stored('hits')} + 1 END,
     window_start = CASE WHEN ${stored('window_start')} <= ? THEN ? ELSE ${stored('window_start')} END`,
    [bucket, now, over, over, now],
  )
}
