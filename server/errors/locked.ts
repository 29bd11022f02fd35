import { APIError } from './api-error.ts'

/**
 * 423 for a write to a document another user holds the lock of (Payload's `Locked`, docs/admin.md "Two editors,
 * one document"); `data` names the holder where the caller asked for the lock itself.
 */
export class Locked extends APIError {
  constructor(message: string, data?: Record<string, unknown>) {
    super(message, 423, { code: 'LOCKED', data })
    this.name = 'Locked'
  }
}
