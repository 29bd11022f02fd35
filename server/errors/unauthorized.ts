import { APIError } from './api-error.ts'
import { messageOf, type MessageOrT } from './translate.ts'

/** 401: the operation needs a logged-in user and there is none (DESIGN.md §5: 403 only for an authenticated caller). */
export class Unauthorized extends APIError {
  /** A message, or Payload's `req.t`. */
  constructor(message?: MessageOrT) {
    super(
      messageOf(
        message,
        'error:unauthorized',
        'Unauthorized, you must be logged in to make this request.',
      ),
      401,
      { code: 'UNAUTHORIZED' },
    )
    this.name = 'UnauthorizedError'
  }
}
