import { createRequire } from 'node:module'
import type pg from 'pg'

/**
 * The `pg` driver, loaded when the first PostgreSQL database opens: a server on SQLite or MariaDB never loads it
 * (about 60 ms of every start and of every test process).
 */
let driver: typeof pg | undefined
export function pgDriver(): typeof pg {
  driver ??= createRequire(import.meta.url)('pg') as typeof pg
  return driver
}
