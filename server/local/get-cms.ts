import { sanitizeConfig } from '../config/sanitize.ts'
import type { Config, SanitizedConfig } from '../config/types.ts'
import { connect } from '../db/connect.ts'
import type { Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { schemaFor } from '../db/schema.ts'
import { secretKey } from '../auth/tokens.ts'
import { Cms } from './cms.ts'

export interface GetCmsOptions {
  config: Config | SanitizedConfig | Promise<Config>
  /** An open database; otherwise `config.db.url`, else `DATABASE_URL`, else `sqlite:data/cms.db`. */
  db?: Database
  /** Apply the schema on start (default true; idempotent). */
  migrate?: boolean
}

const isSanitized = (c: Config | SanitizedConfig): c is SanitizedConfig => 'collectionsBySlug' in c

/**
 * Starts the Local layer: sanitises the config (a bad one throws a ConfigError naming the collection and
 * field), connects, migrates, runs `onInit`.
 *
 * @example
 * const cms = await getCms({ config })
 * const { docs } = await cms.find({ collection: 'posts', where: { status: { equals: 'published' } } })
 */
export async function getCms(options: GetCmsOptions): Promise<Cms> {
  const raw = await options.config
  const config = isSanitized(raw) ? raw : sanitizeConfig(raw)
  // A missing or short CMS_SECRET in production is a start-up error, not a 500 on every later login.
  if (config.collections.some((c) => c.auth)) secretKey(config)
  const db = options.db ?? connect(config.db?.url)
  try {
    const { tables, collections } = schemaFor(config)
    if (options.migrate !== false) await migrate(db, tables)
    const cms = new Cms(config, db, collections)
    await config.onInit?.(cms)
    return cms
  } catch (error) {
    if (!options.db) await db.close()
    throw error
  }
}
