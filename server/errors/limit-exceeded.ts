import { APIError } from './api-error.ts'

/**
 * 400 for a request over one of the per-request resource limits (population budget, where size, statement
 * budget, unbounded lists). `data.limit` names the config key that sets it, `data.max` its value.
 */
export class LimitExceeded extends APIError {
  declare readonly data: { limit: string; max: number }
  constructor(message: string, limit: string, max: number) {
    super(`${message} (limit ${limit} = ${max})`, 400, {
      code: 'LIMIT_EXCEEDED',
      data: { limit, max },
    })
    this.name = 'LimitExceeded'
  }
}
