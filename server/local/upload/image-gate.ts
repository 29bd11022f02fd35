/**
 * How many images one process decodes and resizes at once (docs/uploads.md, "Cost"): `limits.images.concurrency`
 * at a time, `limits.images.queue` more waiting their turn, and any beyond those answered at once with a 503
 * (`data.reason: "busy"`, `Retry-After`), so eight parallel uploads of large images cannot take every core and
 * libuv thread while `/api/health` and every other request wait.
 */
import { ServiceUnavailable } from '../../errors/service-unavailable.ts'
import type { SanitizedLimits } from '../../config/types.ts'

class Gate {
  #running = 0
  readonly #waiting: (() => void)[] = []
  /** Images that went through the gate, and those refused (tests, benchmarks). */
  readonly counts = { ran: 0, refused: 0, peak: 0 }
  readonly limits: SanitizedLimits['images']
  constructor(limits: SanitizedLimits['images']) {
    this.limits = limits
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limits.concurrency) {
      if (this.#waiting.length >= this.limits.queue) {
        this.counts.refused++
        throw new ServiceUnavailable('busy', { retryAfter: 1 })
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    this.#running++
    this.counts.peak = Math.max(this.counts.peak, this.#running)
    try {
      return await work()
    } finally {
      this.counts.ran++
      this.#running--
      this.#waiting.shift()?.()
    }
  }
}

const gates = new WeakMap<object, Gate>()

/** The gate of the CMS whose config is `config` (one per process and config). */
export function imageGate(config: { limits: SanitizedLimits }): Gate {
  let gate = gates.get(config)
  if (!gate) {
    gate = new Gate(config.limits.images)
    gates.set(config, gate)
  }
  return gate
}
