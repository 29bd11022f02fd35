/**
 * A FIFO async mutex. `run` holds it for the whole of `fn`; a waiter may name its kind, so the holder can see
 * what comes next (`nextKind`: SQLite's group commit keeps a transaction open for a waiting transaction).
 */
export class Mutex {
  private held = false
  private readonly waiters: { resolve: () => void; kind?: string }[] = []

  get locked(): boolean {
    return this.held
  }

  /** The kind the first waiter gave, if any waits. */
  nextKind(): string | undefined {
    return this.waiters[0]?.kind
  }

  async run<T>(fn: () => Promise<T>, kind?: string): Promise<T> {
    if (this.held) await new Promise<void>((resolve) => this.waiters.push({ resolve, kind }))
    else this.held = true
    try {
      return await fn()
    } finally {
      const next = this.waiters.shift()
      if (next)
        next.resolve() // ownership passes straight to the next waiter
      else this.held = false
    }
  }
}
