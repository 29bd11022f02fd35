import type Koa from 'koa'
import type { Logger } from 'pino'
import type { EndpointRoute } from './endpoints.ts'

/** What the middlewares leave on `ctx.state` for the ones after them. */
export interface AppState {
  /** The request's logger, bound to its id (middleware/request-log.ts). */
  log?: Logger
  /** The custom endpoint serving the request, when one does (its answer is checked against the contract). */
  endpoint?: EndpointRoute
  /** A caller was authenticated: the answer is theirs alone (no cache may keep it). */
  authenticated?: boolean
}

export type AppContext = Koa.ParameterizedContext<AppState>
