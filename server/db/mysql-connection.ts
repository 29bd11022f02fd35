/**
 * The mysql2 connections under Knex's pool, as far as the statements and the failover need them: the driver's
 * calls, a statement's result, a connection's node, and whether a node accepts TCP connections at all.
 */
import { createConnection } from 'node:net'
import { isNonNullObject } from '../utilities/guards.ts'
import type { RunResult } from './database.ts'

/** What the statements need of Knex's client: a pooled connection (a transaction's client gives its own). */
export interface PoolClient {
  acquireConnection(): Promise<RawConnection>
  releaseConnection(connection: RawConnection): Promise<unknown>
}
type Callback = (error: Error | null, result?: unknown) => void
export interface DriverConnection {
  execute(sql: string, values: unknown[], cb: Callback): void
  query(sql: string, values: unknown[], cb: Callback): void
}
export const call = (
  connection: DriverConnection,
  method: 'execute' | 'query',
  sql: string,
  values: unknown[],
): Promise<unknown> =>
  new Promise((resolve, reject) =>
    connection[method](sql, values, (error, result) => (error ? reject(error) : resolve(result))),
  )

export function runResult(r: unknown): RunResult {
  const x = isNonNullObject(r) ? r : {}
  return { insertId: Number(x.insertId ?? 0), changes: Number(x.affectedRows ?? 0) }
}

/** A raw mysql2 connection, as far as the statements and the failover need it. */
export interface RawConnection extends DriverConnection {
  config: { host: string; port: number }
  __knex__disposed?: unknown
}
export const hostKey = (c: RawConnection) => `${c.config.host}:${c.config.port}`

/** Whether a TCP connection to host:port opens within a second. */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })
}
