import { ConfigError } from '../errors/config-error.ts'
import type { Database } from './database.ts'
import { MysqlDatabase } from './mysql-database.ts'
import { PostgresDatabase } from './postgres-database.ts'
import { SqliteDatabase } from './sqlite.ts'

export const DEFAULT_DATABASE_URL = 'sqlite:data/cms.db'

/**
 * Opens the database named by a URL: `sqlite:<path>`, `sqlite::memory:`, `mysql://user:pass@host:port/db`
 * (several `host:port` for a Galera cluster) or `postgres://user:pass@host:port/db` (`postgresql://` too). The URL given (the config's `db.url`) or else `DATABASE_URL`; a
 * malformed one is a ConfigError naming which of the two, never repeating its credentials.
 */
export function connect(given?: string): Database {
  const name = given === undefined ? 'DATABASE_URL' : 'db.url'
  const url = given ?? (process.env.DATABASE_URL || DEFAULT_DATABASE_URL)
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '')
    if (!file)
      throw new ConfigError(
        `${name} "sqlite:" needs a file path, e.g. sqlite:data/cms.db or sqlite::memory:`,
      )
    return new SqliteDatabase(file)
  }
  if (url.startsWith('mysql://') || url.startsWith('mariadb://'))
    return new MysqlDatabase(url.replace(/^mariadb:/, 'mysql:'), name)
  if (url.startsWith('postgres://') || url.startsWith('postgresql://'))
    return new PostgresDatabase(url, name)
  // The user information ends at the last "@" of the authority: a password with an unencoded "@" stays hidden.
  throw new ConfigError(
    `${name} must start with "sqlite:", "mysql://" or "postgres://"; got "${url.replace(/\/\/[^/?#]*@/, '//***@')}".`,
  )
}
