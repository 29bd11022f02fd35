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
}

export function endpointRouter(config: SanitizedConfig): Router<EndpointRoute> {
  const router = new Router<EndpointRoute>({ trailingSlash: true })
  for (const c of config.collections)
    for (const e of c.endpoints)
      router.add(e.method, `/${c.slug}${e.path}`, { endpoint: e, collection: c.slug })
  for (const e of config.endpoints) router.add(e.method, e.path, { endpoint: e })
  return router
}
