import type { SanitizedConfig } from '../config/types.ts'
import type { ContractDocument, OperationMeta } from '../contracts/operation.ts'
import type { EndpointRoute } from './endpoints.ts'
import { Router } from './router.ts'

/**
 * What the API serves, path by path, whatever the method: the contract's operations, the custom endpoints,
 * GraphQL and the pages (contract files, reference page, playground). It answers two questions asked before an
 * operation runs: which methods a path serves (a request with another one is a 405 naming them in `Allow`,
 * RFC 9110 §15.5.6; a path nothing serves stays a 404), and whether the contract declares an operation
 * `security: []` (a credential that does not authenticate is then ignored: the caller is anonymous).
 */
export interface RouteTable {
  /** The methods served at `rel` (upper case, sorted, no duplicates); empty when nothing serves the path. */
  allowed(rel: string): string[]
  /** Whether the operation at `method rel` declares `security: []` in the contract. */
  isPublic(method: string, rel: string): boolean
}

/** How many paths' methods are kept (ids make paths many; the table starts over when it is full), each short. */
const KNOWN_PATHS = 2000

interface Entry {
  kind: OperationMeta['kind']
  public: boolean
}

export function routeTable(
  config: SanitizedConfig,
  document: ContractDocument,
  endpoints: Router<EndpointRoute>,
  pageServed: (rel: string) => boolean,
): RouteTable {
  const operations = new Router<Entry>({ staticFirst: true })
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item))
      operations.add(method, path, {
        kind: op['x-cms'].kind,
        public: Array.isArray(op.security) && op.security.length === 0,
      })
  const graphql = config.graphQL.disable ? undefined : config.routes.graphQL

  // The methods of a path depend on the path alone: kept per path (a bounded number of them).
  const known = new Map<string, string[]>()
  const allowed = (rel: string): string[] => {
    const methods = [
      // Contract files and pages are operations only while served (exposure.ts); endpoints have their router.
      ...operations.methods(rel, (e) => e.kind !== 'static' && e.kind !== 'endpoint'),
      ...(pageServed(rel) ? ['GET'] : []),
      ...endpoints.methods(rel),
      ...(rel === graphql ? ['GET', 'POST'] : []),
    ]
    return [...new Set(methods)].sort()
  }
  return {
    allowed(rel) {
      let methods = known.get(rel)
      if (!methods) {
        methods = allowed(rel)
        if (known.size >= KNOWN_PATHS) known.clear()
        if (rel.length <= 256) known.set(rel, methods)
      }
      return methods
    },
    isPublic(method, rel) {
      return operations.match(method, rel)?.value.public ?? false
    },
  }
}
