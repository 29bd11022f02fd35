import { ConfigError } from '../errors/config-error.ts'
import type { Database } from './database.ts'
import { MysqlDatabase } from './mysql.ts'
import { SqliteDatabase } from './sqlite.ts'

export const DEFAULT_DATABASE_URL = 'sqlite:data/cms.db'

/** Opens the database named by a URL: `sqlite:<path>`, `sqlite::memory:` or `mysql://user:pass@host:port/db`. */
export function connect(url: string = process.env.DATABASE_URL || DEFAULT_DATABASE_URL): Database {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '')
    if (!file)
      throw new ConfigError(
        'DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:data/cms.db or sqlite::memory:',
      )
    return new SqliteDatabase(file)
  }
  if (url.startsWith('mysql://') || url.startsWith('mariadb://'))
    return new MysqlDatabase(url.replace(/^mariadb:/, 'mysql:'))
  throw new ConfigError(
    `DATABASE_URL must start with "sqlite:" or "mysql://"; got "${url.replace(/\/\/[^@]*@/, '//***@')}".`,
  )
}
