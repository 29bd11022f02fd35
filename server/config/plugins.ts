/**
 * Payload's root `plugins`, `cors` and `csrf`: the plugins run (in order, each may be async) on the config before
 * it is sanitised, as Payload's buildConfig runs them; `cors` and `csrf` are checked here and served by the HTTP
 * layer (`http/middleware/cors.ts`, `http/middleware/authenticate.ts`).
 */
import { ConfigError } from '../errors/config-error.ts'
import { isObject } from '../fields/shared.ts'
import type { Config } from './types.ts'

/**
 * The config after its plugins, without `plugins` (so sanitising never meets them twice). A plugin that is not a
 * function, or that returns no config object, is a start-up error naming `plugins[i]`.
 */
export async function applyPlugins(input: Config): Promise<Config> {
  const plugins: unknown = input.plugins
  if (plugins === undefined || plugins === null) return input
  if (!Array.isArray(plugins))
    throw new ConfigError('plugins must be an array of functions (config) => config.')
  let config: Config = input
  for (const [i, plugin] of plugins.entries()) {
    if (typeof plugin !== 'function')
      throw new ConfigError(
        `plugins[${i}] must be a function (config) => config; got ${describe(plugin)}. A plugin package exports a factory: call it (plugins: [myPlugin({ ... })]).`,
      )
    const result: unknown = await plugin(config)
    if (!isObject(result))
      throw new ConfigError(
        `plugins[${i}] returned ${describe(result)}; a plugin must return the config (changed or not).`,
      )
    config = result as Config // a plugin's config goes through the sanitiser's checks next
  }
  const { plugins: _applied, ...rest } = config
  return rest
}

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v

/** Checks `plugins` was applied (sanitizeConfig is synchronous) and the shapes of `cors` and `csrf`. */
export function checkHttpOptions(input: Config): void {
  if (Array.isArray(input.plugins) && input.plugins.length)
    throw new ConfigError(
      'plugins run before the config is sanitised: load it with getCms({ config }), getPayload({ config }) or loadConfig(), or apply them first with applyPlugins(config).',
    )
  const cors: unknown = input.cors
  if (cors !== undefined && cors !== null && cors !== '*') {
    const origins = isObject(cors) && !Array.isArray(cors) ? cors.origins : cors
    if (origins !== '*') checkOrigins(origins, isObject(cors) ? 'cors.origins' : 'cors')
    if (isObject(cors) && cors.headers !== undefined && !isStringArray(cors.headers))
      throw new ConfigError('cors.headers must be an array of header names.')
  }
  if (input.csrf !== undefined && input.csrf !== null) checkOrigins(input.csrf, 'csrf')
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string')

/** Origins are compared with a request's `Origin` exactly, so each must be `scheme://host[:port]`. */
function checkOrigins(v: unknown, path: string): void {
  if (!isStringArray(v))
    throw new ConfigError(
      `${path} must be an array of origins (or '*' for cors); got ${describe(v)}.`,
    )
  for (const [i, origin] of v.entries()) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin)
      throw new ConfigError(
        `${path}[${i}] must be an origin like "https://example.com" (scheme, host and port only, no trailing slash); got ${JSON.stringify(origin)}.`,
      )
  }
}
