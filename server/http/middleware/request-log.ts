import { randomUUID } from 'node:crypto'
import type Koa from 'koa'
import type { Logger } from 'pino'
import type { AppState } from '../state.ts'

/** Requests being served right now (graceful shutdown waits for them). */
export class InFlight {
  count = 0
}

/**
 * Every request: an id (the caller's `X-Request-Id` when it is a plain token, else a new UUID) echoed in the
 * answer and bound to a child logger (`ctx.state.log`), `nosniff`, one log line when it ends, and the in-flight
 * count.
 */
export function requestLog(logger: Logger, inFlight: InFlight): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    inFlight.count++
    const started = performance.now()
    const given = ctx.get('x-request-id')
    const requestId = /^[\w-]{1,64}$/.test(given) ? given : randomUUID()
    const log = logger.child({ requestId })
    ctx.state.log = log
    ctx.set('X-Request-Id', requestId)
    ctx.set('X-Content-Type-Options', 'nosniff')
    try {
      await next()
    } finally {
      inFlight.count--
      log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
    }
  }
}
