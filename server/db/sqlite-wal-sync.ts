import { closeSync, fdatasync, openSync } from 'node:fs'
import { ServiceUnavailable } from '../errors/service-unavailable.ts'

/**
 * Group commit for SQLite in WAL mode (issue 58, item 4): the connection runs `synchronous = NORMAL`, so a COMMIT
 * appends its frames to the `-wal` file without waiting for the disk, and the write is acknowledged only once an
 * fsync of that file, started after its COMMIT, has ended. The fsync runs on libuv's thread pool: the event loop
 * serves other requests meanwhile (under FULL, SQLite's own fsync held the one thread for 0.3–0.7 ms a commit),
 * and every commit made while one fsync runs shares the next one.
 *
 * Durability stays as docs/reliability.md states it: a commit has reached the disk when it is acknowledged (the
 * frames SQLite recovers from are the WAL's, and each acknowledged commit's frames were synced; a checkpoint syncs
 * the WAL before it copies pages, as under FULL). What changes: a read served between a COMMIT and the end of its
 * fsync (at most one fsync, under a millisecond) may show the write before it is durable. An fsync that fails
 * answers the writes that waited for it 503 `commitOutcomeUnknown` (their commit is in the WAL, its durability
 * unknown); a `-wal` file that cannot be opened turns the connection back to `synchronous = FULL`.
 */
export class WalSync {
  /** How many syncs have begun; each is numbered by this count when it begins. */
  started = 0
  /**
   * The number of the last sync that ended: every commit made before that sync began is on disk (tests compare
   * it with `started` as it was at a COMMIT).
   */
  synced = 0
  #fd: number | undefined
  /** The `-wal` file could not be opened: the connection syncs each commit itself (FULL). */
  #off = false
  /** The fsync in flight, if any. */
  #running: Promise<void> | undefined
  /** The fsync that follows it, shared by every commit made while one runs. */
  #next: Promise<void> | undefined
  readonly #wal: string
  readonly #fallback: () => void

  /** `fallback` turns the connection to synchronous = FULL (the WAL file could not be opened). */
  constructor(filename: string, fallback: () => void) {
    this.#wal = `${filename}-wal`
    this.#fallback = fallback
  }

  /** Resolves once every commit made before this call is on disk. */
  durable(): Promise<void> {
    if (this.#off || (this.#fd === undefined && !this.#open())) return Promise.resolve()
    if (!this.#running) return (this.#running = this.#sync())
    // One is running: it may have started before this commit, so the next one covers it.
    return (this.#next ??= this.#running.then(
      () => this.#begin(),
      () => this.#begin(),
    ))
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd)
    this.#fd = undefined
  }

  #begin(): Promise<void> {
    this.#next = undefined
    return (this.#running = this.#sync())
  }

  #sync(): Promise<void> {
    const fd = this.#fd!
    const number = ++this.started
    return new Promise<void>((resolve, reject) => {
      fdatasync(fd, (error) => {
        this.#running = undefined
        if (error) reject(new ServiceUnavailable('commitOutcomeUnknown', { cause: error }))
        else {
          this.synced = number
          resolve()
        }
      })
    })
  }

  #open(): boolean {
    try {
      this.#fd = openSync(this.#wal, 'r')
      return true
    } catch {
      this.#off = true
      this.#fallback()
      return false
    }
  }
}
