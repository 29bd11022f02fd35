import { randomUUID } from 'node:crypto'
import type { Executor } from '../db/database.ts'

/** Sessions live in `cms_sessions`; logout and password reset delete them, which kills their tokens. */
export async function createSession(ex: Executor, collection: string, userId: number, seconds: number): Promise<string> {
  const sid = randomUUID()
  const now = Date.now()
  // Expired sessions of this user are pruned on the way.
  await ex.run('DELETE FROM cms_sessions WHERE collection = ? AND user_id = ? AND expires_at < ?', [collection, userId, now])
  await ex.run('INSERT INTO cms_sessions (sid, collection, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [sid, collection, userId, now, now + seconds * 1000])
  return sid
}

export async function sessionAlive(ex: Executor, sid: string, collection: string, userId: number): Promise<boolean> {
  const rows = await ex.all<{ n: number }>('SELECT COUNT(*) AS n FROM cms_sessions WHERE sid = ? AND collection = ? AND user_id = ? AND expires_at > ?', [sid, collection, userId, Date.now()])
  return Number(rows[0]?.n ?? 0) > 0
}

export async function extendSession(ex: Executor, sid: string, seconds: number): Promise<void> {
  await ex.run('UPDATE cms_sessions SET expires_at = ? WHERE sid = ?', [Date.now() + seconds * 1000, sid])
}

export async function endSession(ex: Executor, sid: string): Promise<void> {
  await ex.run('DELETE FROM cms_sessions WHERE sid = ?', [sid])
}

export async function endAllSessions(ex: Executor, collection: string, userId: number): Promise<void> {
  await ex.run('DELETE FROM cms_sessions WHERE collection = ? AND user_id = ?', [collection, userId])
}
