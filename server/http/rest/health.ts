/** The health kind: liveness and a committed write, bounded in time. */
import { hit } from '../../auth/rate-limit.ts'
import type { RestHandlers } from './request.ts'

const HEALTH_TIMEOUT_MS = 2000

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export const health: RestHandlers['health'] = async (cms) => {
  // A real committed write, not only a read: a database that cannot write (disk full, read-only, locked) is
  // unhealthy. Bounded, so a hung database answers 503 within HEALTH_TIMEOUT_MS instead of hanging the probe.
  try {
    await withTimeout(hit(cms.db, 'cms:health-probe', { max: 1, windowMs: 0 }), HEALTH_TIMEOUT_MS)
    return { status: 200, body: { status: 'ok' } }
  } catch (error) {
    // The answer stays terse (it is public); the log says why, for whoever runs the server.
    const { message, code } = error as { message?: string; code?: string }
    cms.logger.warn({ code, reason: message }, 'health check: the database cannot write')
    return { status: 503, body: { status: 'database cannot write' } }
  }
}
