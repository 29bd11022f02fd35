import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '../errors/config-error.ts'
import { sanitizeConfig } from './sanitize.ts'
import { applyPlugins } from './plugins.ts'
import { reviewOptions } from './check-options.ts'
import type { Config, SanitizedConfig } from './types.ts'
import { isObject } from '../fields/shared.ts'

/** Path of the config: `CMS_CONFIG_PATH`, else `cms.config.ts` in the working directory. */
export function configPath(explicit?: string): string {
  return resolve(explicit ?? process.env.CMS_CONFIG_PATH ?? 'cms.config.ts')
}

/** Imports the config file and applies its plugins; accepts `export default defineConfig(...)`, a plain object, or a promise of one. */
async function importConfig(path: string): Promise<Config> {
  if (!existsSync(path))
    throw new ConfigError(`No config at ${path}. Set CMS_CONFIG_PATH or create cms.config.ts.`)
  const mod: unknown = await import(pathToFileURL(path).href)
  const exported: unknown = isObject(mod) ? await (mod.default ?? mod.config) : undefined
  if (!exported || typeof exported !== 'object')
    throw new ConfigError(
      `${path} must default-export the config object (export default defineConfig({...})).`,
    )
  return applyPlugins(exported as Config)
}

/** Imports the config file, applies its plugins and sanitises it. */
export async function loadConfig(explicit?: string): Promise<SanitizedConfig> {
  return sanitizeConfig(await importConfig(configPath(explicit)))
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
