import { closeSync, fdatasync, openSync } from 'node:fs'
import { ServiceUnavailable } from '../errors/service-unavailable.ts'

/**
 * Syncs that may run at once; a commit made while they run waits for the next one, shared. Two at once (a commit
 * waiting only for its own sync) measured no different from one in the bench's create and write mix.
 */
const MAX_IN_FLIGHT = 1

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
  /** Syncs running now. */
  #inFlight = 0
  /** The sync begun last. */
  #latest: Promise<void> = Promise.resolve()
  /** The sync that follows the running ones, shared by every commit made while they run. */
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
    const fd = this.#fd
    if (fd === undefined) return Promise.resolve()
    if (this.#inFlight < MAX_IN_FLIGHT) return (this.#latest = this.#sync(fd))
    // As many as may run are running, and they may have begun before this commit: the next one covers it.
    return (this.#next ??= this.#latest.then(
      () => this.#begin(fd),
      () => this.#begin(fd),
    ))
  }

  /** Waits for the syncs begun or queued, then closes the file. */
  async close(): Promise<void> {
    await Promise.allSettled([this.#latest, this.#next])
    if (this.#fd !== undefined) closeSync(this.#fd)
    this.#fd = undefined
  }

  #begin(fd: number): Promise<void> {
    this.#next = undefined
    return (this.#latest = this.#sync(fd))
  }

  #sync(fd: number): Promise<void> {
    const number = ++this.started
    this.#inFlight++
    return new Promise<void>((resolve, reject) => {
      fdatasync(fd, (error) => {
        this.#inFlight--
        if (error) reject(new ServiceUnavailable('commitOutcomeUnknown', { cause: error }))
        else {
          // A sync covers every write made before it began, so the highest number ended is the one that counts.
          this.synced = Math.max(this.synced, number)
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
