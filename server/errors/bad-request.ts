import { APIError } from './api-error.ts'

/** 400 for a malformed parameter or body that is not a field validation problem. */
export class BadRequest extends APIError {
  constructor(message: string, data?: unknown) {
    super(message, 400, { code: 'BAD_REQUEST', data })
    this.name = 'BadRequest'
  }
}
