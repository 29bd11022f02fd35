import type { Config, SanitizedConfig } from '../config/types.ts'
import type { Cms } from './cms.ts'
import { getCms, type GetCmsOptions } from './get-cms.ts'

/** Payload's getPayload options: `config` (a config or a promise of one); Payload's other keys are accepted. */
export interface GetPayloadOptions extends GetCmsOptions {
  /** Payload's admin import map: this server has no admin bundle, so it is not read. */
  importMap?: unknown
}

const started = new WeakMap<object, Promise<Cms>>()

/**
 * Payload's `getPayload({ config })`: the Local API, started once per config and shared by later calls (as
 * Payload caches its instance), so a route handler may call it on every request. With `db` given it starts a new
 * instance each time, as getCms does. A start that fails is forgotten, so the next call tries again.
 */
export function getPayload(options: GetPayloadOptions): Promise<Cms> {
  const key: Config | SanitizedConfig | Promise<Config> = options.config
  if (options.db) return getCms(options)
  let cms = started.get(key)
  if (!cms) {
    cms = getCms(options)
    started.set(key, cms)
    cms.catch(() => started.delete(key))
  }
  return cms
}
