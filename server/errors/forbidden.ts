import { APIError } from './api-error.ts'

export class Forbidden extends APIError {
  constructor(message = 'You are not allowed to perform this action.') {
    super(message, 403, { code: 'FORBIDDEN' })
    this.name = 'Forbidden'
  }
}
