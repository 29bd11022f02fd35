import type { Cms } from './cms.ts'
import { getCms, type GetCmsOptions } from './get-cms.ts'

/** Payload's getPayload options: `config` (a config or a promise of one), and Payload's other keys. */
export interface GetPayloadOptions extends GetCmsOptions {
  /** Names the shared instance (Payload's `key`): calls with the same key share one, whatever their config. */
  key?: string
  /** Payload's admin import map: this server has no admin bundle, so it is not read. */
  importMap?: unknown
}

const byConfig = new WeakMap<object, Promise<Cms>>()
const byKey = new Map<string, Promise<Cms>>()

/**
 * Payload's `getPayload({ config })`: the Local API, started once per config (or per `key`) and shared by later
 * calls, as Payload caches its instance, so a route handler may call it on every request. With `db` given it
 * starts a new instance each time, as getCms does. A start that fails, or an instance destroyed, is forgotten, so
 * the next call starts again.
 */
export function getPayload(options: GetPayloadOptions): Promise<Cms> {
  return share(options, () => getCms(options))
}

/**
 * Makes a running instance the one `getPayload({ config: exported })` answers: `cms start` shares its server's
 * instance under the config module's export, so a project's own modules (`getPayload({ config })` with
 * `import config from '@payload-config'`) reach the instance that serves, as under Payload.
 */
export function shareInstance(exported: object, cms: Cms): void {
  void share({ config: exported }, () => Promise.resolve(cms))
}

function share(options: GetPayloadOptions, begin: () => Promise<Cms>): Promise<Cms> {
  if (options.db) return getCms(options)
  const key = options.key
  const config: object = options.config
  const cached = key === undefined ? byConfig.get(config) : byKey.get(key)
  if (cached) return cached
  const forget = () => (key === undefined ? byConfig.delete(config) : byKey.delete(key))
  const started = begin().then((cms) => {
    const destroy = cms.destroy.bind(cms)
    cms.destroy = async () => {
      forget()
      await destroy()
    }
    return cms
  })
  started.catch(forget)
  if (key === undefined) byConfig.set(config, started)
  else byKey.set(key, started)
  return started
}
