import type { SanitizedConfig } from '../config/types.ts'
import { adminEnabled } from './admin.ts'
import { apiDocsEnabled } from './api-docs.ts'
import { schemaHidden } from './exposure.ts'
import { playgroundEnabled } from './playground.ts'

export interface ServiceUrl {
  label: string
  url: string
  note?: string
}

/**
 * What to try first: a collection an anonymous visitor may read (`readable`, found by `publicCollection`), else
 * the login route of the first auth collection (every collection needs a login), else nothing.
 */
function tryNote(config: SanitizedConfig, api: string, readable?: string): string | undefined {
  if (readable) return `try ${api}/${readable}`
  const auth = config.collections.find((c) => c.auth)
  return auth ? `every collection needs a login: POST ${api}/${auth.slug}/login` : undefined
}

/**
 * Every URL a user of a running server needs, as `npm start` prints them: only what this config and
 * NODE_ENV actually serve (the admin unless `admin.disable`; the playground, the API reference and the contracts
 * are off in production by default).
 */
export function serviceUrls(
  config: SanitizedConfig,
  origin: string,
  readable?: string,
): ServiceUrl[] {
  const api = `${origin}${config.routes.api}`
  const urls: ServiceUrl[] = [{ label: 'REST API', url: api, note: tryNote(config, api, readable) }]
  if (adminEnabled(config)) urls.push({ label: 'Admin', url: `${origin}${config.routes.admin}` })
  if (!config.graphQL.disable) {
    urls.push({ label: 'GraphQL', url: `${api}${config.routes.graphQL}` })
    if (playgroundEnabled(config.graphQL))
      urls.push({ label: 'Playground', url: `${api}${config.routes.graphQLPlayground}` })
  }
  if (apiDocsEnabled(config)) urls.push({ label: 'API reference', url: `${api}/docs` })
  if (!schemaHidden(config.graphQL)) {
    urls.push({ label: 'OpenAPI 3.1', url: `${api}/openapi.json` })
    if (!config.graphQL.disable)
      urls.push({ label: 'GraphQL SDL', url: `${api}${config.routes.graphQL}/schema.graphql` })
  }
  urls.push({ label: 'Health', url: `${api}/health` })
  return urls
}
