import type { Endpoint, SanitizedConfig } from '../config/types.ts'

/**
 * Custom endpoints: collection endpoints at `<api>/<slug><path>` and top-level ones at `<api><path>`, matched
 * before the generated routes so they can override them. `:name` segments become `req.routeParams.name`.
 */
export interface EndpointRoute {
  method: string
  pattern: RegExp
  names: string[]
  endpoint: Endpoint
  collection?: string
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const source = path
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1))
        return '([^/]+)'
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { pattern: new RegExp(`^${source}/?$`), names }
}

export function endpointRoutes(config: SanitizedConfig): EndpointRoute[] {
  const routes: EndpointRoute[] = []
  for (const c of config.collections) {
    for (const e of c.endpoints)
      routes.push({
        method: e.method,
        ...compile(`/${c.slug}${e.path}`),
        endpoint: e,
        collection: c.slug,
      })
  }
  for (const e of config.endpoints)
    routes.push({ method: e.method, ...compile(e.path), endpoint: e })
  return routes
}

export function matchEndpoint(
  routes: EndpointRoute[],
  method: string,
  path: string,
): { route: EndpointRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue
    const m = route.pattern.exec(path)
    if (!m) continue
    let params: Record<string, string>
    try {
      params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]))
    } catch {
      continue
    }
    return { route, params }
  }
  return undefined
}
