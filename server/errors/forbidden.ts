import { APIError } from './api-error.ts'
import { messageOf, type MessageOrT } from './translate.ts'

export class Forbidden extends APIError {
  /** A message, or Payload's `req.t`. */
  constructor(message?: MessageOrT) {
    super(
      messageOf(
        message,
        'error:notAllowedToPerformAction',
        'You are not allowed to perform this action.',
      ),
      403,
      { code: 'FORBIDDEN' },
    )
    this.name = 'Forbidden'
  }
}
