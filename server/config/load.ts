import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError } from '../errors/config-error.ts'
import { sanitizeConfig } from './sanitize.ts'
import { applyPlugins } from './plugins.ts'
import { reviewOptions } from './check-options.ts'
import type { Config, SanitizedConfig } from './types.ts'
import { isObject } from '../fields/shared.ts'
import { importConfigSource } from './source-loader.ts'

/** Path of the config: `CMS_CONFIG_PATH`, else `cms.config.ts` in the working directory. */
export function configPath(explicit?: string): string {
  return resolve(explicit ?? process.env.CMS_CONFIG_PATH ?? 'cms.config.ts')
}

/** The config module's export (a config, or Payload's promise of one) each loaded config came from. */
const exports = new WeakMap<SanitizedConfig, object>()

/** What the config file exported, as its own modules import it (`import config from '@payload-config'`). */
export function configExport(config: SanitizedConfig): object | undefined {
  return exports.get(config)
}

/** Imports the config file (`source-loader.ts`); accepts `export default defineConfig(...)`, a plain object, or a
 * promise of one. */
async function importExport(path: string): Promise<{ exported: object; config: Config }> {
  if (!existsSync(path))
    throw new ConfigError(`No config at ${path}. Set CMS_CONFIG_PATH or create cms.config.ts.`)
  const mod: unknown = await importConfigSource(path)
  const exported: unknown = isObject(mod) ? (mod.default ?? mod.config) : undefined
  const config: unknown = await exported
  if (!exported || typeof exported !== 'object' || !config || typeof config !== 'object')
    throw new ConfigError(
      `${path} must default-export the config object (export default defineConfig({...})).`,
    )
  return { exported, config: config as Config }
}

/** Imports the config file and applies its plugins. */
async function importConfig(path: string): Promise<Config> {
  return applyPlugins((await importExport(path)).config)
}

/** Imports the config file, applies its plugins and sanitises it. */
export async function loadConfig(explicit?: string): Promise<SanitizedConfig> {
  const { exported, config } = await importExport(configPath(explicit))
  const sanitized = sanitizeConfig(await applyPlugins(config))
  exports.set(sanitized, exported)
  return sanitized
}

/** What `cms check-config` reports: every refused key, every key accepted without server behaviour, and the
 * first other config error (checked only once nothing is refused, as the start would). */
export interface ConfigReview {
  path: string
  refused: string[]
  ignored: string[]
  error?: string
  /** The sanitised config, when nothing was refused and it sanitised: the start's own checks run on it next. */
  sanitized?: SanitizedConfig
}

/** Reviews the config file in one pass instead of one error per start (`cms check-config`). */
export async function reviewConfig(explicit?: string): Promise<ConfigReview> {
  const path = configPath(explicit)
  let config: Config
  try {
    config = await importConfig(path)
  } catch (error) {
    if (error instanceof ConfigError)
      return { path, refused: [], ignored: [], error: error.message }
    throw error
  }
  const review: ConfigReview = { path, ...reviewOptions(config) }
  if (review.refused.length) return review
  try {
    review.sanitized = sanitizeConfig(config)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    review.error = error.message
  }
  return review
}
