/**
 * What an error of MySQL / MariaDB (a Galera node, mysql2, Knex's pool) means for the statement in flight: a
 * conflict to run again, a node that cannot serve, a lost connection, a connection never opened.
 */
import { isNonNullObject } from '../utilities/guards.ts'

/** The error numbers and codes of an error and its causes. */
function errorIds(error: unknown): { errnos: unknown[]; codes: unknown[]; fatal: boolean } {
  const out: { errnos: unknown[]; codes: unknown[]; fatal: boolean } = {
    errnos: [],
    codes: [],
    fatal: false,
  }
  for (let x = error, depth = 0; isNonNullObject(x) && depth < 5; depth++) {
    out.errnos.push(x.errno)
    out.codes.push(x.code)
    if (x.fatal === true) out.fatal = true
    x = x.cause
  }
  return out
}

/** Deadlock or Galera certification failure (1213), lock wait timeout (1205): the whole transaction can run again. */
export function isRetryableConflict(error: unknown): boolean {
  return errorIds(error).errnos.some((n) => n === 1213 || n === 1205)
}

/**
 * A node that is up but cannot serve: outside the primary component or not yet synced (1047,
 * "WSREP has not yet prepared node for application use"), or shutting down (1053). The statement did not run.
 */
export function isNodeUnavailable(error: unknown): boolean {
  return errorIds(error).errnos.some((n) => n === 1047 || n === 1053)
}

const LOST_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'ECONNRESET',
  'EPIPE',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ER_CONNECTION_KILLED',
])
/** The connection broke (the node died, the connection was killed, the network failed). */
export function isConnectionLost(error: unknown): boolean {
  const { errnos, codes, fatal } = errorIds(error)
  return (
    fatal ||
    codes.some((c) => typeof c === 'string' && LOST_CODES.has(c)) ||
    errnos.some((n) => n === 1927 || n === 2006 || n === 2013 || n === 4031)
  )
}

/**
 * The connection could not be opened (the node refused it or is unreachable): nothing was sent. The error is the
 * socket's (`syscall` connect, with the address and port), or mysql2's handshake timeout.
 */
export function isConnectFailure(error: unknown): boolean {
  for (let x = error, depth = 0; isNonNullObject(x) && depth < 5; depth++) {
    if (x.code === 'ECONNREFUSED' || x.syscall === 'connect' || x.code === 'ETIMEDOUT') return true
    x = x.cause
  }
  return false
}

/** The pool had no connection to give within its timeout (every connection busy, or none could be made). */
export function isAcquireTimeout(error: unknown): boolean {
  return isNonNullObject(error) && error.name === 'KnexTimeoutError'
}
