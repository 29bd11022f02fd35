import type { Endpoint, SanitizedConfig } from '../config/types.ts'
import { Router } from './router.ts'

/**
 * Custom endpoints: collection endpoints at `<api>/<slug><path>` and top-level ones at `<api><path>`, matched
 * before the generated routes so they can override them, in declaration order. `:name` segments become
 * `req.routeParams.name`.
 */
export interface EndpointRoute {
  endpoint: Endpoint
  collection?: string
  /** Its place in the collection's (or the config's) `endpoints`: the `x-cms.endpoint` of its operation. */
  index: number
}

export function endpointRouter(config: SanitizedConfig): Router<EndpointRoute> {
  const router = new Router<EndpointRoute>({ trailingSlash: true })
  for (const c of config.collections)
    for (const [index, e] of c.endpoints.entries())
      router.add(e.method, `/${c.slug}${e.path}`, { endpoint: e, collection: c.slug, index })
  for (const [index, e] of config.endpoints.entries())
    router.add(e.method, e.path, { endpoint: e, index })
  return router
}
