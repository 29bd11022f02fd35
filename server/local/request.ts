import { randomUUID } from 'node:crypto'
import type { CmsRequest } from '../config/types.ts'
import type { Executor } from '../db/database.ts'
import type { Cms } from './cms.ts'
import { RequestBudget } from './budget.ts'
import { resolveLocale } from './locale.ts'
import type { BaseArgs } from '../config/local-api.ts'

/** The request a Local call runs under: the caller's `req` when given (sharing its transaction), else a new one. */
export function createLocalReq(cms: Cms, args: BaseArgs): CmsRequest {
  const given = args.req
  const req: CmsRequest =
    given && given.cms
      ? (given as CmsRequest)
      : {
          ...given,
          cms,
          payload: cms,
          payloadAPI: 'local',
          user: given?.user ?? null,
          context: given?.context ?? {},
        }
  // A request made by hand with `cms` but without Payload's names still gets them.
  req.payload ??= cms
  req.payloadAPI ??= 'local'
  // Payload's Local requests have empty headers, which hooks and plugins read (`parseCookies(req.headers)`).
  req.headers ??= new Headers()
  if (args.user !== undefined) req.user = args.user
  // A call acting for a caller is bounded like a REST or GraphQL request (its own budget unless `req` has one).
  if (args.overrideAccess === false && !req.budget)
    req.budget = new RequestBudget(cms.config.limits)
  if (args.context) req.context = { ...req.context, ...args.context }
  if (args.locale !== undefined || args.fallbackLocale !== undefined || !req.locale) {
    const resolved = resolveLocale(
      cms.config,
      args.locale ?? (args.fallbackLocale !== undefined ? req.locale : undefined),
      args.fallbackLocale,
    )
    req.locale = resolved.locale
    req.fallbackLocale = resolved.fallbackLocale
  }
  return req
}

/** The executor for reads: the open transaction of `req`, else the database. */
export function executorFor(cms: Cms, req: CmsRequest): Executor {
  return req.transaction ?? cms.db
}

/**
 * Runs a write in one transaction. A `req` that already holds one joins it (and commits or rolls back
 * with the request that opened it); otherwise a new transaction is opened and owned here.
 */
export async function withTransaction<T>(
  cms: Cms,
  req: CmsRequest,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (req.transaction) return fn(req.transaction)
  const result = await cms.db.transaction(async (tx) => {
    req.transaction = tx
    req.transactionID = randomUUID()
    try {
      return await fn(tx)
    } finally {
      delete req.transaction
      delete req.transactionID
    }
  })
  // Outbox rows this transaction wrote are now visible: the webhook worker delivers them at once.
  cms.webhooks.committed()
  return result
}
