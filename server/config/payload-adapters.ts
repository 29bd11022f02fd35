/**
 * Payload's database adapters as its projects write them (`db: sqliteAdapter({ client: { url } })`,
 * `db: postgresAdapter({ pool: { connectionString } })`), for the alias packages `@payloadcms/db-sqlite` and
 * `@payloadcms/db-postgres` (packages/): each answers the `db` options this CMS reads, so the project's config
 * file stays as it is (docs/porting-from-payload.md, "Database adapters").
 */
import { ConfigError } from '../errors/config-error.ts'
import type { Config } from './types.ts'

type DbOptions = NonNullable<Config['db']>

/** The options of Payload's adapters this CMS reads; the others (pool sizes, `push`, logging…) are Payload's own. */
interface AdapterOptions {
  idType?: string
  migrationDir?: string
}

function idTypeOf(given: string | undefined, serial: string, adapter: string): DbOptions['idType'] {
  if (given === undefined || given === serial) return undefined
  if (given === 'uuid') return 'uuid'
  throw new ConfigError(
    `${adapter}: idType must be '${serial}' or 'uuid'; got ${JSON.stringify(given)}.`,
  )
}

const common = (options: AdapterOptions, serial: string, adapter: string): DbOptions => ({
  ...(options.migrationDir ? { migrationDir: options.migrationDir } : {}),
  ...(idTypeOf(options.idType, serial, adapter) ? { idType: 'uuid' as const } : {}),
})

/**
 * `sqliteAdapter({ client: { url } })`: libSQL's local URLs (`file:./payload.db`, `file:///abs/payload.db`, a
 * bare path) become `sqlite:<path>`; an empty or missing URL leaves the choice to DATABASE_URL, as `db.url` does.
 * A remote libSQL server (Turso: `libsql://`, `http(s)://`, `ws(s)://`) is a start-up error.
 */
export function sqliteAdapter(
  options: AdapterOptions & { client?: { url?: string; authToken?: string } } = {},
): DbOptions {
  const url = options.client?.url
  const out = common(options, 'number', 'sqliteAdapter')
  if (!url) return out
  if (/^(libsql|https?|wss?):/i.test(url))
    throw new ConfigError(
      `sqliteAdapter: client.url "${url.replace(/\/\/[^/?#]*@/, '//***@')}" is a remote libSQL server, which this CMS does not connect to; give a local file (file:./payload.db) or use postgresAdapter.`,
    )
  if (url.startsWith('sqlite:')) return { ...out, url }
  const file = url.startsWith('file://') ? url.slice('file://'.length) : url.replace(/^file:/, '')
  return { ...out, url: `sqlite:${file}` }
}

/**
 * `postgresAdapter({ pool: { connectionString } })`: the connection string is the database URL; an empty or
 * missing one leaves the choice to DATABASE_URL, as `db.url` does.
 */
export function postgresAdapter(
  options: AdapterOptions & { pool?: { connectionString?: string } } = {},
): DbOptions {
  const url = options.pool?.connectionString
  const out = common(options, 'serial', 'postgresAdapter')
  if (!url) return out
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new ConfigError(
      'postgresAdapter: pool.connectionString must start with postgres:// or postgresql://.',
    )
  return { ...out, url }
}

/** `mongooseAdapter(…)`: MongoDB is not one of this CMS's databases; the start stops saying what to use. */
export function mongooseAdapter(_options?: unknown): never {
  throw new ConfigError(
    "mongooseAdapter: MongoDB is not supported. Use sqliteAdapter from '@payloadcms/db-sqlite' ({ client: { url: 'file:./payload.db' } }) or postgresAdapter from '@payloadcms/db-postgres' ({ pool: { connectionString } }), or db: { url }.",
  )
}
