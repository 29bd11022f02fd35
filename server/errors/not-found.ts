import { APIError } from './api-error.ts'
import { messageOf, type MessageOrT } from './translate.ts'

export class NotFound extends APIError {
  /** A message, or Payload's `req.t`. */
  constructor(message?: MessageOrT) {
    super(messageOf(message, 'general:notFound', 'Not Found'), 404, { code: 'NOT_FOUND' })
    this.name = 'NotFound'
  }
}
