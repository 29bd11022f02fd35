/** The check of custom endpoints (top-level or of a collection). */
import { ConfigError } from '../../errors/config-error.ts'

export function checkEndpoints(endpoints: unknown, where: string): void {
  if (!Array.isArray(endpoints)) throw new ConfigError(`${where}: endpoints must be an array.`)
  for (const e of endpoints) {
    if (!e || typeof e.path !== 'string' || !e.path.startsWith('/'))
      throw new ConfigError(`${where}: every endpoint needs a path starting with "/".`)
    if (!['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(e.method)) {
      throw new ConfigError(
        `${where}, endpoint "${e.path}": method must be a lowercase HTTP verb such as "get" or "post"; got ${JSON.stringify(e.method)}.`,
      )
    }
    if (typeof e.handler !== 'function')
      throw new ConfigError(`${where}, endpoint "${e.path}": handler must be a function.`)
    const security: unknown = e.openapi?.security
    if (
      security !== undefined &&
      (!Array.isArray(security) ||
        security.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    )
      throw new ConfigError(
        `${where}, endpoint "${e.path}": openapi.security must be a list of security requirements (objects), or [] for a public endpoint.`,
      )
  }
}
