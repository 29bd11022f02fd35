import type { BaseArgs } from '../config/local-api.ts'
import type { CmsRequest, SanitizedCollection } from '../config/types.ts'
import type { Cms } from './cms.ts'
import { runHooks } from './hooks.ts'
import { createLocalReq, withTransaction } from './request.ts'

export type OperationName =
  'create' | 'read' | 'update' | 'delete' | 'count' | 'countVersions' | 'restoreVersion'
export type AfterOperationName =
  | 'create'
  | 'find'
  | 'findByID'
  | 'update'
  | 'updateByID'
  | 'delete'
  | 'deleteByID'
  | 'count'
  | 'countVersions'
  | 'findDistinct'
  | 'findVersions'
  | 'findVersionByID'
  | 'restoreVersion'

/**
 * Runs one collection operation between its `beforeOperation` hooks (which may replace the arguments) and its
 * `afterOperation` hooks (which may replace the result); `afterError` hooks see any error before it propagates.
 */
export async function runOperation<A extends object, T>(
  collection: SanitizedCollection,
  req: CmsRequest,
  names: [OperationName, AfterOperationName],
  args: A,
  overrideAccess: boolean,
  fn: (args: A) => Promise<T>,
): Promise<T> {
  try {
    const finalArgs = await runHooks<A>(
      collection.hooks.beforeOperation,
      'args',
      { args, operation: names[0], req, overrideAccess },
      { collection },
    )
    const result = await fn(finalArgs ?? args)
    return await runHooks<T>(
      collection.hooks.afterOperation,
      'result',
      { args: finalArgs, operation: names[1], result, req, overrideAccess },
      { collection },
    )
  } catch (error) {
    for (const hook of collection.hooks.afterError)
      await hook({ error, req, context: req.context, collection, result: undefined })
    throw error
  }
}

/** What an operation's body is handed besides its (possibly hook-replaced) arguments. */
export interface OperationScope<P = undefined> {
  req: CmsRequest
  /** The call's `overrideAccess`: true unless it says false. */
  overrideAccess: boolean
  /** What `write.prepare` made before the transaction opened. */
  prepared: P
}

/**
 * The preamble every collection operation shares: the Local request made from the call's arguments, its
 * `overrideAccess` (true unless the call says false), then `body` between the operation hooks (runOperation).
 * With `write`, `write.prepare` runs next (work kept out of the transaction, such as hashing a password), then
 * the hooks and the body inside one transaction.
 */
export async function collectionOperation<A extends BaseArgs, T, P = undefined>(
  cms: Cms,
  collection: SanitizedCollection,
  names: [OperationName, AfterOperationName],
  incoming: A,
  body: (args: A, scope: OperationScope<P>) => Promise<T>,
  write?: { prepare?: (req: CmsRequest, overrideAccess: boolean) => Promise<P> },
): Promise<T> {
  const req = createLocalReq(cms, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  const run = (prepared: P) =>
    runOperation(collection, req, names, incoming, overrideAccess, (args) =>
      body(args, { req, overrideAccess, prepared }),
    )
  if (!write) return run(undefined as P)
  const prepared = write.prepare ? await write.prepare(req, overrideAccess) : (undefined as P)
  return withTransaction(cms, req, () => run(prepared))
}
