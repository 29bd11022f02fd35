import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '../errors/config-error.ts'
import { sanitizeConfig } from './sanitize.ts'
import { applyPlugins } from './plugins.ts'
import type { Config, SanitizedConfig } from './types.ts'
import { isObject } from '../fields/shared.ts'

/** Path of the config: `CMS_CONFIG_PATH`, else `cms.config.ts` in the working directory. */
export function configPath(explicit?: string): string {
  return resolve(explicit ?? process.env.CMS_CONFIG_PATH ?? 'cms.config.ts')
}

/** Imports the config file, applies its plugins and sanitises it; accepts `export default defineConfig(...)`, a plain object, or a promise of one. */
export async function loadConfig(explicit?: string): Promise<SanitizedConfig> {
  const path = configPath(explicit)
  if (!existsSync(path))
    throw new ConfigError(`No config at ${path}. Set CMS_CONFIG_PATH or create cms.config.ts.`)
  const mod: unknown = await import(pathToFileURL(path).href)
  const exported: unknown = isObject(mod) ? await (mod.default ?? mod.config) : undefined
  if (!exported || typeof exported !== 'object')
    throw new ConfigError(
      `${path} must default-export the config object (export default defineConfig({...})).`,
    )
  return sanitizeConfig(await applyPlugins(exported as Config))
}
