import { codeForStatus, type ErrorCode } from './catalogue.ts'

/** Base class of every error the CMS raises on purpose. `expose` is true below 500. */
export type { ErrorCode }

export class APIError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly data?: unknown
  /**
   * `options` is this server's `{ code, data, cause }`; any other third argument (an object, null) is Payload's
   * positional `data` (`new APIError(message, status, data, isPublic)`), whose `isPublic` is not needed here: a
   * message below 500 always reaches the client, one of 500 or more never does.
   */
  constructor(
    message: string,
    status = 500,
    options:
      { code?: ErrorCode; data?: unknown; cause?: unknown } | Record<string, unknown> | null = {},
    _isPublic?: boolean,
  ) {
    const ours = isOptions(options) ? options : { data: options ?? undefined }
    super(message, { cause: ours.cause })
    this.name = 'APIError'
    this.status = status
    this.code = ours.code ?? codeForStatus(status)
    this.data = ours.data
  }
  get expose(): boolean {
    return this.status < 500
  }
}

const OPTION_KEYS = new Set(['code', 'data', 'cause'])
function isOptions(value: unknown): value is { code?: ErrorCode; data?: unknown; cause?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((k) => OPTION_KEYS.has(k))
  )
}
