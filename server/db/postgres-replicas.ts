/**
 * Read replicas of a PostgreSQL primary (docs/scale-out.md, "PostgreSQL"): `?replicas=host:port,…` on the primary's
 * URL (same user, password and database). Reads made outside a transaction go to the replicas in turn; writes,
 * transactions and every statement inside one go to the primary.
 *
 * Read-your-writes, as Galera's `wsrep_sync_wait = 1`: the primary commits with `synchronous_commit =
 * remote_apply` and waits for every replica (`synchronous_standby_names`), so a commit it acknowledged is already
 * visible on each replica. The CMS refuses to start otherwise, unless the URL says `?replicaReads=eventual`.
 */
import type pg from 'pg'
import { pgDriver } from './pg-driver.ts'
import { ConfigError } from '../errors/config-error.ts'

/** How long a replica that failed is left alone before it is tried again. */
const REPLICA_PAUSE_MS = 5000

export interface ReplicaSpec {
  connectionString: string
  /** `host:port`, for logs (no credentials). */
  description: string
}

export interface ReplicaOptions {
  replicas: ReplicaSpec[]
  /** `sync` (default): the start checks the read-your-writes settings; `eventual`: reads may be stale. */
  reads: 'sync' | 'eventual'
}

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)(:[0-9]{1,5})?$/

/**
 * Takes `replicas` and `replicaReads` out of the primary's URL (they are not the driver's) and returns the
 * replicas' connection strings: the primary's URL with another host and port.
 */
export function takeReplicas(
  parsed: URL,
  fail: (what: string) => ConfigError,
): ReplicaOptions | undefined {
  const list = parsed.searchParams.get('replicas')
  const reads = parsed.searchParams.get('replicaReads') ?? 'sync'
  parsed.searchParams.delete('replicas')
  parsed.searchParams.delete('replicaReads')
  if (reads !== 'sync' && reads !== 'eventual')
    throw fail(`?replicaReads= takes "sync" or "eventual"; got "${reads}"`)
  if (list === null) return undefined
  const hosts = list.split(',').map((h) => h.trim())
  const replicas = hosts.map((host) => {
    const port = Number(host.match(/:([0-9]+)$/)?.[1] ?? 5432)
    if (!HOST_PORT.test(host) || port < 1 || port > 65535)
      throw fail(`?replicas= takes host[:port] entries separated by commas; got "${host}"`)
    const u = new URL(parsed.toString())
    u.host = host
    return { connectionString: u.toString(), description: u.host }
  })
  return { replicas, reads }
}

/**
 * A statement a replica can answer: a SELECT (or WITH … SELECT) that neither locks rows, nor writes, nor calls
 * a function with effects. Anything else goes to the primary even outside a transaction.
 */
export function isPlainRead(sql: string): boolean {
  if (!/^\s*(SELECT|WITH)\b/i.test(sql)) return false
  return !/\b(FOR\s+(NO\s+KEY\s+)?UPDATE|FOR\s+(KEY\s+)?SHARE|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|set_config|txid_current|pg_current_xact_id)\b/i.test(
    sql,
  )
}

interface Replica extends ReplicaSpec {
  pool: pg.Pool
  /** The time before which the replica is not tried (it failed). */
  pausedUntil: number
  /** Checked to be a standby (`pg_is_in_recovery()`); false: never used (it is not one). */
  usable: Promise<boolean> | undefined
}

/** A statement's own error (SQLSTATE of a class other than connection, operator intervention or resources). */
const statementError = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | undefined)?.code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57|53)/.test(code)
}

/** The replicas' pools, the turn, and what is known of each replica's health. */
export class PostgresReplicas {
  private readonly replicas: Replica[]
  private turn = 0
  /** Reads a replica answered (tests, benchmarks). */
  answered = 0
  /** Reads run on the primary because the replica chosen failed. */
  fellBack = 0

  private readonly options: ReplicaOptions
  private readonly warn: (message: string) => void

  constructor(
    options: ReplicaOptions,
    poolOptions: pg.PoolConfig,
    warn: (message: string) => void = (m) => console.warn(m),
  ) {
    this.options = options
    this.warn = warn
    this.replicas = options.replicas.map((spec) => {
      const pool = new (pgDriver().Pool)({
        ...poolOptions,
        connectionString: spec.connectionString,
      })
      pool.on('error', () => {})
      return { ...spec, pool, pausedUntil: 0, usable: undefined }
    })
  }

  /**
   * The start's checks: with `sync` reads the primary must commit with `remote_apply` and wait for at least as
   * many synchronous standbys as there are replicas; every replica reachable now must be a standby.
   */
  async check(primary: pg.Pool): Promise<void> {
    if (this.options.reads === 'sync') await checkPrimary(primary, this.replicas.length)
    await Promise.all(
      this.replicas.map(async (r) => {
        if (!(await this.usable(r, true)))
          throw new ConfigError(
            `DATABASE_URL ?replicas=: ${r.description} is not a standby (pg_is_in_recovery() is false): a replica must be a streaming standby of the primary.`,
          )
      }),
    )
  }

  private usable(r: Replica, atStart = false): Promise<boolean> {
    r.usable ??= r.pool.query('SELECT pg_is_in_recovery() AS standby').then(
      (res) => res.rows[0]?.standby === true,
      (error: unknown) => {
        r.usable = undefined // unreachable: checked again when next chosen
        if (!atStart) throw error
        this.pause(r, error)
        return true
      },
    )
    return r.usable
  }

  private pause(r: Replica, error: unknown): void {
    const first = r.pausedUntil === 0 || r.pausedUntil < Date.now() - REPLICA_PAUSE_MS
    r.pausedUntil = Date.now() + REPLICA_PAUSE_MS
    if (first)
      this.warn(
        `PostgreSQL replica ${r.description} failed (${error instanceof Error ? error.message : String(error)}): its reads go to the primary for ${REPLICA_PAUSE_MS / 1000} s.`,
      )
  }

  /**
   * Runs a read on the next replica that is not paused; on the primary when none is, or when the replica fails
   * (a replica that cannot answer pauses; a statement's own error, or a recovery conflict, just runs again there).
   */
  async read<R>(onReplica: (pool: pg.Pool) => Promise<R>, onPrimary: () => Promise<R>): Promise<R> {
    const now = Date.now()
    const n = this.replicas.length
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.turn + i) % n]!
      if (r.pausedUntil > now) continue
      this.turn = (this.turn + i + 1) % n
      try {
        if (!(await this.usable(r))) continue
        const result = await onReplica(r.pool)
        this.answered++
        return result
      } catch (error) {
        if (!statementError(error)) this.pause(r, error)
        this.fellBack++
        return onPrimary()
      }
    }
    return onPrimary()
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.pool.end()))
  }
}

/** The number of standbys a commit waits for: `FIRST k (…)` / `ANY k (…)` / `k (…)`, else 1 (a list or `*`). */
export function standbysAwaited(names: string): number {
  if (!names.trim()) return 0
  const m = names.match(/^\s*(?:(?:ANY|FIRST)\s+)?([0-9]+)\s*\(/i)
  return m ? Number(m[1]) : 1
}

async function checkPrimary(primary: pg.Pool, replicas: number): Promise<void> {
  const commit = (await primary.query('SHOW synchronous_commit')).rows[0]?.synchronous_commit
  const names = String(
    (await primary.query('SHOW synchronous_standby_names')).rows[0]?.synchronous_standby_names ??
      '',
  )
  const awaited = standbysAwaited(names)
  const wanted = replicas === 1 ? "'*'" : `'FIRST ${replicas} (<each replica's application_name>)'`
  if (commit !== 'remote_apply' || awaited < replicas)
    throw new ConfigError(
      `DATABASE_URL ?replicas=: reads on a replica would miss writes committed just before them. The primary must commit with synchronous_commit = remote_apply (it is "${commit}") and wait for every replica: synchronous_standby_names = ${wanted} (it is "${names}", ${awaited} awaited). Set both on the primary, or add ?replicaReads=eventual to accept stale reads (docs/scale-out.md).`,
    )
}
