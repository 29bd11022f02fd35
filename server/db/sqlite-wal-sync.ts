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
  /** The `-wal` file; undefined when it could not be opened (the connection syncs each commit itself, FULL). */
  #fd: number | undefined
  /** The sync running now, if any. */
  #running: Promise<void> | undefined
  /** The sync that follows it, shared by every commit made while it runs. */
  #next: Promise<void> | undefined

  /**
   * Opens `<filename>-wal`, which must exist (the connection has read in WAL mode); when it cannot be opened,
   * `fallback` turns the connection to synchronous = FULL before any commit.
   */
  constructor(filename: string, fallback: () => void) {
    try {
      this.#fd = openSync(`${filename}-wal`, 'r')
    } catch {
      fallback()
    }
  }

  /** Resolves once every commit made before this call is on disk. */
  durable(): Promise<void> {
    const fd = this.#fd
    if (fd === undefined) return Promise.resolve()
    if (!this.#running) return this.#begin(fd)
    // One is running and may have begun before this commit: the next one covers it.
    return (this.#next ??= this.#running.then(
      () => this.#begin(fd),
      () => this.#begin(fd),
    ))
  }

  /** Waits for the syncs begun or queued, then closes the file. */
  async close(): Promise<void> {
    await Promise.allSettled([this.#running, this.#next])
    if (this.#fd !== undefined) closeSync(this.#fd)
    this.#fd = undefined
  }

  #begin(fd: number): Promise<void> {
    this.#next = undefined
    const number = ++this.started
    const sync = new Promise<void>((resolve, reject) => {
      fdatasync(fd, (error) => {
        this.#running = undefined
        if (error) reject(new ServiceUnavailable('commitOutcomeUnknown', { cause: error }))
        else {
          this.synced = number
          resolve()
        }
      })
    })
    this.#running = sync
    return sync
  }
}
