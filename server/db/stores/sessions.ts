import { randomUUID } from 'node:crypto'
import type { Executor } from '../database.ts'

/** Sessions live in `cms_sessions`; logout and password reset delete them, which kills their tokens. */
export interface SessionTimes {
  /** Seconds a token lasts (the sliding window). */
  tokenExpiration: number
  /** Seconds a session lasts from its login, refreshed or not. */
  sessionLifetime: number
}

/** Starts a session; returns its id and the seconds its first token lasts. */
export async function createSession(
  ex: Executor,
  collection: string,
  userId: number,
  times: SessionTimes,
): Promise<{ sid: string; seconds: number }> {
  const sid = randomUUID()
  const now = Date.now()
  const seconds = Math.min(times.tokenExpiration, times.sessionLifetime)
  // Expired sessions of this user are pruned on the way.
  await ex.run('DELETE FROM cms_sessions WHERE collection = ? AND user_id = ? AND expires_at < ?', [
    collection,
    userId,
    now,
  ])
  await ex.run(
    'INSERT INTO cms_sessions (sid, collection, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    [sid, collection, userId, now, now + seconds * 1000],
  )
  return { sid, seconds }
}

export async function sessionAlive(
  ex: Executor,
  sid: string,
  collection: string,
  userId: number,
): Promise<boolean> {
  const rows = await ex.all<{ n: number }>(
    'SELECT COUNT(*) AS n FROM cms_sessions WHERE sid = ? AND collection = ? AND user_id = ? AND expires_at > ?',
    [sid, collection, userId, Date.now()],
  )
  return Number(rows[0]?.n ?? 0) > 0
}

/**
 * Moves a live session's end forward by `tokenExpiration`, never past `sessionLifetime` after its login.
 * Returns the seconds the refreshed token lasts, or undefined when the session is over (or at its end).
 */
export async function extendSession(
  ex: Executor,
  sid: string,
  times: SessionTimes,
): Promise<number | undefined> {
  const now = Date.now()
  const [row] = await ex.all<{ created_at: number; expires_at: number }>(
    'SELECT created_at, expires_at FROM cms_sessions WHERE sid = ?',
    [sid],
  )
  if (!row || Number(row.expires_at) <= now) return undefined
  const end = Math.min(
    now + times.tokenExpiration * 1000,
    Number(row.created_at) + times.sessionLifetime * 1000,
  )
  const seconds = Math.floor((end - now) / 1000)
  if (seconds < 1) return undefined
  await ex.run('UPDATE cms_sessions SET expires_at = ? WHERE sid = ?', [now + seconds * 1000, sid])
  return seconds
}

/** The user id of session `sid` in `collection`, or undefined when it has ended. */
export async function sessionOwner(
  ex: Executor,
  sid: string,
  collection: string,
): Promise<number | undefined> {
  const [row] = await ex.all<{ user_id: number }>(
    'SELECT user_id FROM cms_sessions WHERE sid = ? AND collection = ?',
    [sid, collection],
  )
  return row ? Number(row.user_id) : undefined
}

export async function endSession(ex: Executor, sid: string): Promise<void> {
  await ex.run('DELETE FROM cms_sessions WHERE sid = ?', [sid])
}

/** Ends every session of a user, but `except` (the session that changed the password keeps working). */
export async function endAllSessions(
  ex: Executor,
  collection: string,
  userId: number,
  except?: string,
): Promise<void> {
  if (except)
    await ex.run('DELETE FROM cms_sessions WHERE collection = ? AND user_id = ? AND sid <> ?', [
      collection,
      userId,
      except,
    ])
  else
    await ex.run('DELETE FROM cms_sessions WHERE collection = ? AND user_id = ?', [
      collection,
      userId,
    ])
}
