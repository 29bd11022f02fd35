import { APIError } from './api-error.ts'

export class NotFound extends APIError {
  constructor(message = 'Not Found') {
    super(message, 404, { code: 'NOT_FOUND' })
    this.name = 'NotFound'
  }
}
