/** A FIFO async mutex. `run` holds it for the whole of `fn`. */
export class Mutex {
  private held = false
  private readonly waiters: (() => void)[] = []

  get locked(): boolean {
    return this.held
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.held) await new Promise<void>((resolve) => this.waiters.push(resolve))
    else this.held = true
    try {
      return await fn()
    } finally {
      const next = this.waiters.shift()
      if (next)
        next() // ownership passes straight to the next waiter
      else this.held = false
    }
  }
}
