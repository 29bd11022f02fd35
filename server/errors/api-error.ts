import { codeForStatus, type ErrorCode } from './catalogue.ts'

/** Base class of every error the CMS raises on purpose. `expose` is true below 500. */
export type { ErrorCode }

export class APIError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly data?: unknown
  constructor(
    message: string,
    status = 500,
    options: { code?: ErrorCode; data?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'APIError'
    this.status = status
    this.code = options.code ?? codeForStatus(status)
    this.data = options.data
  }
  get expose(): boolean {
    return this.status < 500
  }
}
