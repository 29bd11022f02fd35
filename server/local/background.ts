import { pino, type Logger } from 'pino'
import type { CmsRequest } from '../config/types.ts'

/**
 * Work an operation leaves running after its answer (the reset mail of forgot-password: sending it before the
 * answer made a known address answer slower than an unknown one). Nothing is lost silently: a failure is logged
 * (the request's logger when the HTTP layer put one on `req.log`, else a default one) and never becomes an
 * unhandled rejection; `settled()` waits for what is still running (tests, and `cms.destroy()` before the
 * database closes).
 */
export class Background {
  readonly #running = new Set<Promise<void>>()
  #fallback: Logger | undefined

  /** Starts `work` now without waiting for it; `what` names it in the log line of a failure. */
  run(req: CmsRequest, what: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.#logger(req).error({ err: error }, `${what} failed`),
      )
      .finally(() => this.#running.delete(task))
    this.#running.add(task)
  }

  /** Resolves once every piece of work started so far (and any it started) has ended. */
  async settled(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running])
  }

  #logger(req: CmsRequest): Logger {
    const log = req.log as Logger | undefined
    if (log && typeof log.error === 'function') return log
    return (this.#fallback ??= pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined }))
  }
}
