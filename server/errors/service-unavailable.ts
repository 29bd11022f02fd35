import { APIError } from './api-error.ts'

/**
 * Why a request met a 503: the database could not serve it, a write's commit has an unknown outcome, or a write
 * kept conflicting with concurrent writes through other nodes and was not applied.
 */
export type UnavailableReason =
  | 'databaseUnavailable'
  | 'commitOutcomeUnknown'
  | 'writeConflict'
  /** The process is working on as many images as `limits.images` lets it (docs/uploads.md, "Cost"). */
  | 'busy'

const MESSAGES: Record<UnavailableReason, string> = {
  databaseUnavailable: 'The database is unavailable; try again shortly.',
  commitOutcomeUnknown:
    'The database connection was lost while this write was being committed: it may or may not have been applied. Read the data back before sending it again.',
  writeConflict:
    'This write kept conflicting with concurrent writes to the same data and was not applied; try again shortly.',
  busy: 'The server is processing as many images as it can; nothing was written. Try again shortly (Retry-After).',
}

/**
 * 503: the database is out of reach (every node refused or left the cluster's primary component, tries used up),
 * or, `commitOutcomeUnknown`, the connection was lost while a write was committing, so it may or may not have
 * been applied. Such a write is never run again by the CMS (it could apply twice): the client reads the data
 * back before sending it again. `writeConflict`: a write transaction failed certification or a lock wait (1213,
 * 1205) on every try; each try was rolled back whole, so nothing of it was applied. Exposed like a 4xx (message and `data.reason`), unlike a 500.
 */
export class ServiceUnavailable extends APIError {
  readonly reason: UnavailableReason
  /** Seconds to wait, sent as `Retry-After` (`busy`). */
  readonly retryAfter?: number
  constructor(reason: UnavailableReason, options: { cause?: unknown; retryAfter?: number } = {}) {
    super(MESSAGES[reason], 503, { code: 'UNAVAILABLE', data: { reason }, cause: options.cause })
    this.name = 'ServiceUnavailable'
    this.reason = reason
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter
  }
  override get expose(): boolean {
    return true
  }
}
