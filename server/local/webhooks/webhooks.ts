import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import {
  claimDeliveries,
  expandFanout,
  FANOUT_ENDPOINT,
  recordAttempt,
  type DeliveryRow,
} from '../../db/stores/outbox.ts'
import type { Cms } from '../cms.ts'
import { post, type AttemptResult } from './deliver.ts'
import { SYSTEM_COLLECTIONS } from '../../config/events.ts'
import type { CmsRequest } from '../../config/types.ts'
import { loadStoredSubscriptions } from './stored.ts'
import { Subscriptions } from './subscriptions.ts'
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhooksApi,
} from '../../config/webhooks-api.ts'
import { deliveryLog, retryDelivery } from './log.ts'
import { fanOut, type FanoutEvent } from './viewer.ts'

/** How long the `webhooks` collection's subscriptions are reused before being read again (other servers' writes). */
const SUBSCRIPTIONS_TTL = 1000

/** The longest error text kept on a delivery. */
const MAX_ERROR = 500
/** Deliveries claimed (and POSTed in parallel) per round. */
const BATCH = 20

/**
 * The webhooks of one CMS (docs/webhooks.md): its subscriptions, and the delivery worker that claims due outbox
 * rows with a lease, POSTs them and records each attempt. Every server on one database runs one; the lease and
 * `SKIP LOCKED` keep two from holding one row. `getCms` starts it, `cms.destroy()` stops it.
 */
export class Webhooks implements WebhooksApi {
  subscriptions: Subscriptions
  /** This worker's name on the rows it leases. */
  readonly owner = `${hostname().slice(0, 30)}:${process.pid}:${randomUUID().slice(0, 8)}`
  readonly #cms: Cms
  #timer: NodeJS.Timeout | undefined
  #round: Promise<void> | undefined
  #again = false
  #stopped = true
  #dirty = false
  /** When the stored subscriptions were last read (0: to read before the next use). */
  #loadedAt = 0
  /** A write to the `webhooks` collection is not committed yet: read them again once it is. */
  #subscriptionsChanged = false
  /** Bumped by each change of the stored subscriptions: a read that started before one is not trusted after it. */
  #changes = 0

  /** The delivery settings, with their defaults: read once, the config does not change. */
  readonly #settings: ReturnType<typeof settingsOf>

  constructor(cms: Cms) {
    this.#cms = cms
    this.subscriptions = new Subscriptions(cms.config)
    this.#settings = settingsOf(cms)
  }

  /** One page of the delivery log, newest first (docs/webhooks.md, "Delivery log"). */
  deliveries(args?: {
    status?: WebhookDeliveryStatus
    endpoints?: string[]
    limit?: number
    page?: number
  }): Promise<WebhookDeliveryPage> {
    return deliveryLog(this.#cms.db, args)
  }

  /** Sends a dead delivery again, and wakes the worker for it. */
  async retry(id: number, endpoints?: string[]): Promise<WebhookDelivery | undefined> {
    const delivery = await retryDelivery(this.#cms.db, id, endpoints)
    if (delivery) this.wake()
    return delivery
  }

  /** Whether subscriptions are also data (the `webhooks` collection). */
  get stored(): boolean {
    return this.#cms.config.collectionsBySlug.has(SYSTEM_COLLECTIONS.webhooks)
  }

  /** A write to the `webhooks` collection: its subscriptions are read again before the next use. */
  stale(): void {
    this.#subscriptionsChanged = true
    this.#changes++
    this.#loadedAt = 0
  }

  /**
   * Reads the `webhooks` collection's active subscriptions again when this process wrote it since the last read
   * or the last read is older than SUBSCRIPTIONS_TTL (another server's write); nothing without the collection.
   */
  async refresh(req?: CmsRequest): Promise<void> {
    if (!this.stored || Date.now() - this.#loadedAt < SUBSCRIPTIONS_TTL) return
    const changes = this.#changes
    const stored = await loadStoredSubscriptions(this.#cms, req)
    this.subscriptions = new Subscriptions(this.#cms.config, stored)
    // Read while a change was committing: use it now, read again next time.
    if (changes === this.#changes) this.#loadedAt = Date.now()
  }

  /** Starts the worker (nothing to do without subscriptions, or with `webhooks.worker: false`). */
  start(): void {
    if ((this.subscriptions.empty && !this.stored) || this.#cms.config.webhooks?.worker === false)
      return
    this.#stopped = false
    this.wake()
  }

  /** Stops polling and waits for the round in flight (its leases are released as each attempt is recorded). */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#round
  }

  /** A write put rows in the outbox (in a transaction not yet committed). */
  written(): void {
    this.#dirty = true
  }

  /** A transaction committed: when it wrote outbox rows, deliver now rather than at the next poll. */
  committed(): void {
    if (this.#subscriptionsChanged) {
      this.#subscriptionsChanged = false
      this.#changes++
      this.#loadedAt = 0
    }
    if (!this.#dirty) return
    this.#dirty = false
    this.wake()
  }

  /** Runs a round now (or right after the one in flight). */
  wake(): void {
    if (this.#stopped) return
    if (this.#round) {
      this.#again = true
      return
    }
    clearTimeout(this.#timer)
    this.#round = this.#run().finally(() => {
      this.#round = undefined
      if (this.#stopped) return
      const again = this.#again
      this.#again = false
      this.#timer = setTimeout(() => this.wake(), again ? 0 : this.#settings.poll)
      this.#timer.unref()
    })
  }

  /** Claims and delivers due rows until none is left. */
  async #run(): Promise<void> {
    const s = this.#settings
    try {
      while (!this.#stopped) {
        if (this.stored) await this.refresh()
        const rows = await claimDeliveries(this.#cms.db, {
          owner: this.owner,
          now: Date.now(),
          lease: s.lease,
          limit: BATCH,
        })
        if (rows.length === 0) return
        await Promise.all(
          rows.map((r) => (r.endpoint === FANOUT_ENDPOINT ? this.#expand(r) : this.#attempt(r))),
        )
      }
    } catch (e) {
      this.#cms.logger.error(
        { err: e },
        'webhook worker: a round failed; retrying at the next poll',
      )
    }
  }

  /**
   * A claimed fan-out row replaced by one delivery per stored subscription the event reaches (viewer.ts), in one
   * transaction; a failure is an attempt like a failed POST (retried with back-off, dead after maxAttempts).
   */
  async #expand(row: DeliveryRow): Promise<void> {
    try {
      const rows = await fanOut(this.#cms, row, JSON.parse(row.payload) as FanoutEvent)
      await this.#cms.db.transaction((tx) => expandFanout(tx, row.id, this.owner, rows))
    } catch (err) {
      await this.#record(row, { statusCode: null, error: `fan-out failed: ${String(err)}` }, true)
    }
  }

  /** One POST of a claimed row, and its outcome recorded: delivered, failed (retried later) or dead. */
  async #attempt(row: DeliveryRow): Promise<void> {
    const sub = this.subscriptions.byKey.get(row.endpoint)
    const result: AttemptResult = sub
      ? await post(sub, { eventId: row.event_id, payload: row.payload }, this.#settings)
      : { statusCode: null, error: `endpoint ${row.endpoint} is no longer configured` }
    await this.#record(row, result, Boolean(sub))
  }

  /** An attempt's outcome on its row: delivered, failed (retried later) or dead (out of attempts, or no endpoint). */
  async #record(row: DeliveryRow, result: AttemptResult, retriable: boolean): Promise<void> {
    const s = this.#settings
    const attempts = row.attempts + 1
    const now = Date.now()
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300
    const status = ok ? 'delivered' : !retriable || attempts >= s.maxAttempts ? 'dead' : 'failed'
    const error = ok ? null : (result.error ?? `answered ${result.statusCode}`).slice(0, MAX_ERROR)
    await recordAttempt(this.#cms.db, row.id, this.owner, {
      status,
      attempts,
      nextAttemptAt: ok ? now : now + backoff(attempts, s.base, s.max),
      statusCode: result.statusCode,
      error,
      at: now,
    })
    if (!ok)
      this.#cms.logger.warn(
        { delivery: row.id, type: row.type, endpoint: row.endpoint, attempts, status, error },
        'webhook delivery failed',
      )
  }
}

/** The wait before attempt `attempts + 1`: `base · 2^(attempts-1)`, at most `max`, less up to half (jitter). */
export function backoff(attempts: number, base: number, max: number): number {
  const full = Math.min(max, base * 2 ** Math.min(attempts - 1, 30))
  return Math.round(full / 2 + (Math.random() * full) / 2)
}

/** `webhooks` options with their defaults (docs/webhooks.md, "Config"). */
function settingsOf(cms: Cms) {
  const w = cms.config.webhooks ?? {}
  return {
    allowPrivate: w.allowPrivateTargets ?? false,
    maxAttempts: w.maxAttempts ?? 10,
    base: w.retryBaseDelay ?? 1000,
    max: w.retryMaxDelay ?? 3_600_000,
    timeout: w.timeout ?? 10_000,
    poll: w.pollInterval ?? 1000,
    lease: w.lease ?? 60_000,
  }
}
