import type { CmsRequest, SanitizedCollection } from '../config/types.ts'
import { runHooks } from './hooks.ts'

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
