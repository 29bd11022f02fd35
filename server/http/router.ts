/**
 * The one route compiler of the HTTP layer: a path template (`/posts/{id}`, or an endpoint's `/posts/:id/pin`)
 * becomes a regular expression, and a match names its parameters (URI-decoded; a malformed escape does not
 * match). The contract's operations and the custom endpoints are each a Router.
 */
export interface RouteMatch<T> {
  value: T
  params: Record<string, string>
}

interface Route<T> {
  method: string
  pattern: RegExp
  names: string[]
  value: T
}

export interface RouterOptions {
  /** Whether a trailing `/` still matches (custom endpoints, as Payload). */
  trailingSlash?: boolean
  /** Fixed paths before templated ones (`/posts/count` before `/posts/{id}`); otherwise declaration order. */
  staticFirst?: boolean
}

const PARAM = /^(?:\{(.+)\}|:(.+))$/

/** A template's expression and parameter names; `{name}` and `:name` are both parameters. */
export function compilePath(
  template: string,
  trailingSlash = false,
): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const source = template
    .split('/')
    .map((segment) => {
      const m = PARAM.exec(segment)
      if (m) return (names.push(m[1] ?? m[2]), '([^/]+)')
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { pattern: new RegExp(`^${source}${trailingSlash ? '/?' : ''}$`), names }
}

export class Router<T> {
  private routes: Route<T>[] = []
  /** The routes of each method, in the order they are tried (a match looks at its method's only). */
  private byMethod = new Map<string, Route<T>[]>()
  private readonly options: RouterOptions

  constructor(options: RouterOptions = {}) {
    this.options = options
  }

  /** Adds a route; `method` is matched case-insensitively. */
  add(method: string, template: string, value: T): this {
    this.routes.push({
      method: method.toLowerCase(),
      ...compilePath(template, this.options.trailingSlash),
      value,
    })
    if (this.options.staticFirst) this.routes.sort((a, b) => a.names.length - b.names.length)
    this.byMethod.clear()
    for (const route of this.routes) {
      const list = this.byMethod.get(route.method)
      if (list) list.push(route)
      else this.byMethod.set(route.method, [route])
    }
    return this
  }

  /**
   * The methods (upper case) served at `path`: those of the matching routes (that `keep` keeps) with the fewest
   * parameters, so `/posts/count` serves GET only, not also `/posts/{id}`'s PATCH and DELETE (as the contract
   * says: a path's methods are its own template's).
   */
  methods(path: string, keep: (value: T) => boolean = () => true): string[] {
    // The most specific paths decide, kept or not: a fixed `/payload-jobs/run` (a custom endpoint, which another
    // router answers for) hides `/payload-jobs/{id}`, whose methods it does not serve.
    const matching = this.routes.filter((r) => r.pattern.test(path))
    const fewest = Math.min(...matching.map((r) => r.names.length))
    return matching
      .filter((r) => r.names.length === fewest && keep(r.value))
      .map((r) => r.method.toUpperCase())
  }

  match(method: string, path: string): RouteMatch<T> | undefined {
    for (const route of this.byMethod.get(method.toLowerCase()) ?? []) {
      const m = route.pattern.exec(path)
      if (!m) continue
      try {
        return {
          value: route.value,
          params: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])),
        }
      } catch {
        continue
      }
    }
    return undefined
  }
}
