import { sanitizeConfig } from '../config/sanitize.ts'
import { applyPlugins } from '../config/plugins.ts'
import { checkSelect } from './select.ts'
import { traverseFields } from '../config/fields.ts'
import { jsonSchemaValidator } from '../fields/json.ts'
import type { Config, SanitizedConfig } from '../config/types.ts'
import { connect } from '../db/connect.ts'
import type { Database } from '../db/database.ts'
import { buildUniqueValues } from '../db/unique-values-build.ts'
import { prepareSchema } from '../db/migrate.ts'
import { migrationDir } from '../db/migrator.ts'
import { ConfigError } from '../errors/config-error.ts'
import { schemaFor } from '../db/schema.ts'
import { trackWrites } from '../db/totals.ts'
import { secretKey } from '../auth/tokens.ts'
import { Cms } from './cms.ts'

export interface GetCmsOptions {
  config: Config | SanitizedConfig | Promise<Config>
  /**
   * An open database; otherwise `config.db.url`, else `DATABASE_URL`, else `sqlite:data/cms.db`. Write through
   * `cms.db` (it tracks writes for cached totals), not through this handle.
   */
  db?: Database
  /** Prepare the schema on start as `db.onStart` says (default true); false leaves it alone. */
  migrate?: boolean
  /** Start the `jobs.autoRun` schedules in this process (default true; Payload's `cron`). */
  cron?: boolean
}

const isSanitized = (c: Config | SanitizedConfig): c is SanitizedConfig => 'collectionsBySlug' in c

/**
 * What a start checks of a sanitised config beyond the sanitiser, each a ConfigError: the secret (where auth
 * collections need one), each `defaultPopulate`, each json field's `jsonSchema`, `db.onStart`. `cms check-config`
 * runs the same checks, so it never passes a config the start then refuses. Answers what it accepted without
 * effect: `defaultPopulate` keys naming no field, which are dropped (Payload applies the select unchecked, so such
 * a key selects nothing; templates/ecommerce names `variantOptions` on its products).
 */
export function checkStartable(config: SanitizedConfig): string[] {
  const ignored: string[] = []
  // A missing or short CMS_SECRET in production is a start-up error, not a 500 on every later login.
  if (config.collections.some((c) => c.auth)) secretKey(config)
  for (const c of config.collections) {
    if (c.defaultPopulate === undefined) continue
    const at = `collections[${c.slug}].defaultPopulate`
    try {
      const dropped: string[] = []
      c.defaultPopulate = checkSelect(c.flatFields, c.defaultPopulate, at, undefined, dropped)
      for (const key of dropped)
        ignored.push(
          `${at}.${key}: names no field of the collection, so it selects nothing (as in Payload).`,
        )
    } catch (e) {
      throw new ConfigError(
        `${e instanceof Error ? e.message : String(e)} (defaultPopulate is a select of this collection's fields)`,
      )
    }
  }
  // A jsonSchema Ajv cannot compile is a start-up error, not a 500 on the first write.
  for (const owner of [...config.collections, ...config.globals])
    traverseFields(owner.flatFields, (f, path) => {
      if (f.type !== 'json' || !f.jsonSchema) return
      try {
        jsonSchemaValidator(f)
      } catch (e) {
        throw new ConfigError(
          `${owner.slug}, field "${[...path, f.name].join('.')}": jsonSchema.schema is not a valid JSON Schema: ${e instanceof Error ? e.message : String(e)}`,
        )
      }
    })
  const onStart = config.db?.onStart
  if (onStart !== undefined && !['push', 'migrate', 'check'].includes(onStart)) {
    throw new ConfigError(
      `db.onStart must be 'push', 'migrate' or 'check'; got ${JSON.stringify(onStart)}.`,
    )
  }
  return ignored
}

/**
 * Starts the Local layer: applies the config's plugins, sanitises it (a bad one throws a ConfigError naming the collection and
 * field), connects, migrates, runs `onInit`.
 *
 * @example
 * const cms = await getCms({ config })
 * const { docs } = await cms.find({ collection: 'posts', where: { status: { equals: 'published' } } })
 */
export async function getCms(options: GetCmsOptions): Promise<Cms> {
  const raw = await options.config
  const config = isSanitized(raw) ? raw : sanitizeConfig(await applyPlugins(raw))
  checkStartable(config)
  // Every write through the CMS bumps its table's generation, which cached totals check (db/totals.ts).
  const db = trackWrites(options.db ?? connect(config.db?.url))
  try {
    await db.ready?.()
    const { tables, collections } = schemaFor(config)
    if (options.migrate !== false) {
      await prepareSchema(db, tables, { onStart: config.db?.onStart, dir: migrationDir(config) })
      await buildUniqueValues(db, collections)
    }
    const cms = new Cms(config, db, collections)
    await cms.emailAdapter()
    await config.onInit?.(cms)
    cms.webhooks.start()
    if (options.cron !== false) await cms.jobs.start()
    return cms
  } catch (error) {
    if (!options.db) await db.close()
    throw error
  }
}
