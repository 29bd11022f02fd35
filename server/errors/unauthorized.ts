import { APIError } from './api-error.ts'

/** 401: the operation needs a logged-in user and there is none (DESIGN.md §5: 403 only for an authenticated caller). */
export class Unauthorized extends APIError {
  constructor(message = 'Unauthorized, you must be logged in to make this request.') {
    super(message, 401, { code: 'UNAUTHORIZED' })
    this.name = 'UnauthorizedError'
  }
}
