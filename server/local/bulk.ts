import type { ID } from '../config/types.ts'
import { APIError } from '../errors/api-error.ts'
import type { BulkResult } from '../config/local-api.ts'

/**
 * Applies `one` to each id in turn: a client error on one document (validation, access, unique) is listed in
 * `errors` and the others go on; anything else (a bug, a lost connection) aborts the whole transaction.
 */
export async function forEachDocument<T>(
  ids: ID[],
  one: (id: ID) => Promise<unknown>,
): Promise<BulkResult<T>> {
  const result: BulkResult<T> = { docs: [], errors: [] }
  for (const id of ids) {
    try {
      result.docs.push((await one(id)) as T)
    } catch (error) {
      if (!(error instanceof APIError) || !error.expose) throw error
      result.errors.push({ id, message: error.message })
    }
  }
  return result
}
