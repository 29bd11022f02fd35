import type { Config } from './types.ts'

/**
 * Declares a CMS config. An identity function that gives the object its type;
 * a default-exported plain object loads as well.
 *
 * @example
 * export default defineConfig({ collections: [{ slug: 'posts', fields: [{ name: 'title', type: 'text' }] }] })
 */
export function defineConfig<const T extends Config>(config: T): T {
  return config
}

/** Payload's name of defineConfig, so a ported `export default buildConfig({ ... })` loads as written. */
export const buildConfig = defineConfig
