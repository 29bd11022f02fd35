import type { Database, Executor } from '../database.ts'
import { claimOrNothing, claimWindow, pick } from './claim.ts'

/**
 * The transactional outbox (`cms_outbox`, docs/webhooks.md): one row per event and endpoint. A row is `pending`,
 * `delivering` (leased to one server until `lease_until`), `failed` (waiting for `next_attempt_at`), `delivered` or
 * `dead` (out of attempts).
 */
export type DeliveryStatus = 'pending' | 'delivering' | 'failed' | 'delivered' | 'dead'

/**
 * The endpoint of a fan-out row: one per event the `webhooks` collection subscribes to, written by the write in
 * place of one row per subscription, and replaced by those rows after the commit (`expandFanout`).
 */
export const FANOUT_ENDPOINT = 'webhooks:*'

export interface NewDelivery {
  eventId: string
  endpoint: string
  type: string
  subject: string
  /** The JSON body, exactly as it is POSTed (and signed). */
  payload: string
  createdAt: number
}

export interface DeliveryRow {
  id: number
  event_id: string
  endpoint: string
  type: string
  subject: string
  payload: string
  created_at: number
  status: DeliveryStatus
  attempts: number
  next_attempt_at: number
  lease_owner: string | null
  lease_until: number | null
  last_status_code: number | null
  last_error: string | null
  delivered_at: number | null
}

/** Writes deliveries, in the caller's transaction (the write that emitted them). */
export async function insertDeliveries(ex: Executor, rows: NewDelivery[]): Promise<void> {
  for (const r of rows)
    await ex.run(
      'INSERT INTO cms_outbox (event_id, endpoint, type, subject, payload, created_at, status, attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [r.eventId, r.endpoint, r.type, r.subject, r.payload, r.createdAt, 'pending', 0, r.createdAt],
    )
}

/**
 * Replaces a fan-out row this server holds (`owner`) by the deliveries it expands into, in the caller's
 * transaction; false (nothing written) when its lease went to another server meanwhile.
 */
export async function expandFanout(
  ex: Executor,
  id: number,
  owner: string,
  rows: NewDelivery[],
): Promise<boolean> {
  const r = await ex.run('DELETE FROM cms_outbox WHERE id = ? AND lease_owner = ?', [id, owner])
  if (r.changes === 0) return false
  await insertDeliveries(ex, rows)
  return true
}

/** A row another server may take: due and not leased, or leased by a server whose lease ran out. */
const claimable = (t = '') =>
  `((${t}status IN ('pending', 'failed') AND ${t}next_attempt_at <= ?) OR (${t}status = 'delivering' AND ${t}lease_until < ?))`
const CLAIMABLE = claimable()

/**
 * Claims up to `limit` due deliveries for `owner` until `now + lease`, oldest first, in one short transaction:
 * candidates are rows with no earlier undelivered row of the same subject and endpoint (per-document order); they
 * are locked with `FOR UPDATE SKIP LOCKED` where the database has it, and each is taken by a conditional update, so
 * two servers never hold one row (SQLite serialises the transaction instead).
 */
export async function claimDeliveries(
  db: Database,
  { owner, now, lease, limit }: { owner: string; now: number; lease: number; limit: number },
): Promise<DeliveryRow[]> {
  return claimOrNothing(() =>
    db.transaction(async (tx) => {
      const candidates = await tx.all<{ id: number }>(
        `SELECT o.id FROM cms_outbox o WHERE ${claimable('o.')}` +
          " AND NOT EXISTS (SELECT 1 FROM cms_outbox p WHERE p.endpoint = o.endpoint AND p.subject = o.subject AND p.id < o.id AND p.status NOT IN ('delivered', 'dead'))" +
          ` ORDER BY o.id LIMIT ${claimWindow(db, Math.trunc(limit))}`,
        [now, now],
      )
      if (candidates.length === 0) return []
      const ids = pick(db, candidates, Math.trunc(limit)).map((c) => Number(c.id))
      const marks = ids.map(() => '?').join(', ')
      const locked = await tx.all<{ id: number }>(
        `SELECT id FROM cms_outbox WHERE id IN (${marks}) AND ${CLAIMABLE} ORDER BY id${db.dialect.skipLocked}`,
        [...ids, now, now],
      )
      const taken: number[] = []
      for (const { id } of locked) {
        const r = await tx.run(
          `UPDATE cms_outbox SET status = 'delivering', lease_owner = ?, lease_until = ? WHERE id = ? AND ${CLAIMABLE}`,
          [owner, now + lease, id, now, now],
        )
        if (r.changes > 0) taken.push(Number(id))
      }
      if (taken.length === 0) return []
      const rows = await tx.all<DeliveryRow>(
        `SELECT * FROM cms_outbox WHERE id IN (${taken.map(() => '?').join(', ')}) ORDER BY id`,
        taken,
      )
      return rows.map(numeric)
    }),
  )
}

/** Drivers return doubles and integers as numbers, strings or bigints: one shape. */
function numeric(r: DeliveryRow): DeliveryRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    ...r,
    id: Number(r.id),
    created_at: Number(r.created_at),
    attempts: Number(r.attempts),
    next_attempt_at: Number(r.next_attempt_at),
    lease_until: n(r.lease_until),
    last_status_code: n(r.last_status_code),
    delivered_at: n(r.delivered_at),
  }
}

/** The outcome of one attempt. */
export interface AttemptOutcome {
  status: 'delivered' | 'failed' | 'dead'
  attempts: number
  nextAttemptAt: number
  statusCode: number | null
  error: string | null
  at: number
}

/**
 * Records an attempt of a row this server holds (`owner`); a row whose lease another server took over meanwhile
 * is left to that one (the receiver may see the event twice: at least once, same `webhook-id`).
 */
export async function recordAttempt(
  ex: Executor,
  id: number,
  owner: string,
  o: AttemptOutcome,
): Promise<boolean> {
  const r = await ex.run(
    'UPDATE cms_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_status_code = ?, last_error = ?, delivered_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?',
    [
      o.status,
      o.attempts,
      o.nextAttemptAt,
      o.statusCode,
      o.error,
      o.status === 'delivered' ? o.at : null,
      id,
      owner,
    ],
  )
  return r.changes > 0
}

/** The delivery log, newest first (tests, the bench). */
export async function listDeliveries(ex: Executor, limit = 1000): Promise<DeliveryRow[]> {
  const rows = await ex.all<DeliveryRow>(
    `SELECT * FROM cms_outbox ORDER BY id DESC LIMIT ${Math.trunc(limit)}`,
  )
  return rows.map(numeric)
}

/** How many deliveries are not settled yet (neither delivered nor dead). */
export async function unsettledCount(ex: Executor): Promise<number> {
  const [row] = await ex.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM cms_outbox WHERE status NOT IN ('delivered', 'dead')",
  )
  return Number(row.n)
}

/**
 * One page of the delivery log, newest first, optionally of one status and of some endpoints only (a caller's own
 * subscriptions; an empty list is no row): the REST log, docs/webhooks.md.
 */
export async function pageDeliveries(
  ex: Executor,
  {
    status,
    endpoints,
    limit,
    offset,
  }: { status?: DeliveryStatus; endpoints?: string[]; limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  if (endpoints && endpoints.length === 0) return { rows: [], total: 0 }
  const terms: string[] = []
  const params: unknown[] = []
  if (status) {
    terms.push('status = ?')
    params.push(status)
  }
  if (endpoints) {
    terms.push(`endpoint IN (${endpoints.map(() => '?').join(', ')})`)
    params.push(...endpoints)
  }
  const where = terms.length ? ` WHERE ${terms.join(' AND ')}` : ''
  const rows = await ex.all<DeliveryRow>(
    `SELECT * FROM cms_outbox${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
    [...params, limit, offset],
  )
  const [count] = await ex.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM cms_outbox${where}`,
    params,
  )
  return { rows: rows.map(numeric), total: Number(count.n) }
}

/**
 * Sends a dead delivery again: pending, no attempts, due now. False when `id` is not a dead delivery (of one of
 * `endpoints`, when given).
 */
export async function retryDeadDelivery(
  ex: Executor,
  id: number,
  now: number,
  endpoints?: string[],
): Promise<boolean> {
  if (endpoints && endpoints.length === 0) return false
  const scope = endpoints ? ` AND endpoint IN (${endpoints.map(() => '?').join(', ')})` : ''
  const r = await ex.run(
    `UPDATE cms_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL, last_status_code = NULL WHERE id = ? AND status = 'dead'${scope}`,
    [now, id, ...(endpoints ?? [])],
  )
  return r.changes > 0
}

/** One delivery by id, or undefined. */
export async function deliveryById(ex: Executor, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await ex.all<DeliveryRow>('SELECT * FROM cms_outbox WHERE id = ?', [id])
  return row && numeric(row)
}
