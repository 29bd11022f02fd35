import { APIError } from './api-error.ts'

/**
 * 401 for a wrong email or password; the same answer for an unknown email (no account enumeration). A login by
 * username (`loginWithUsername`) says "username".
 */
export class AuthenticationError extends APIError {
  constructor(byUsername = false) {
    super(`The ${byUsername ? 'username' : 'email'} or password provided is incorrect.`, 401, {
      code: 'AUTHENTICATION',
    })
    this.name = 'AuthenticationError'
  }
}

/** 401 while an account is locked after too many failed logins (Payload's LockedAuth). */
export class LockedAuth extends APIError {
  constructor() {
    super('This user is locked due to having too many failed login attempts.', 401, {
      code: 'LOCKED_AUTH',
    })
    this.name = 'LockedAuth'
  }
}

/** 403 for the right password of an account `auth.verify` has not seen verified yet (Payload's UnverifiedEmail). */
export class UnverifiedEmail extends APIError {
  constructor() {
    super('Please verify your email before logging in.', 403, { code: 'FORBIDDEN' })
    this.name = 'UnverifiedEmail'
  }
}

/** 429 with the seconds to wait (sent as `Retry-After`). */
export class TooManyRequests extends APIError {
  readonly retryAfter: number
  constructor(
    retryAfter: number,
    message = 'Too many attempts from this address; try again later.',
  ) {
    super(message, 429, { code: 'RATE_LIMITED' })
    this.name = 'TooManyRequests'
    this.retryAfter = Math.max(1, Math.ceil(retryAfter))
  }
}
