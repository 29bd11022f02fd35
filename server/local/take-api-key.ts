import { apiKeyIndex, apiKeyProblem } from '../auth/api-key-hash.ts'
import type { CmsRequest, SanitizedCollection, SanitizedConfig } from '../config/types.ts'
import { ValidationError } from '../errors/validation-error.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

export interface TakenApiKey {
  /** The data without `apiKey`. */
  data: unknown
  /** The `apiKeyIndex` to store: the key's HMAC, or null when the key is removed; undefined: unchanged. */
  index?: string | null
  /** The key as sent, shown once: in the answer of this write only. */
  key?: string
}

/**
 * The `apiKey` of a write to an auth collection with `useAPIKey` (like `password`, write-only): checked, replaced
 * by its keyed hash (`apiKeyIndex`), and handed back to be shown in this write's answer, never again.
 */
export async function takeApiKey(
  config: SanitizedConfig,
  collection: SanitizedCollection,
  data: unknown,
  access: { req: CmsRequest; operation: 'create' | 'update'; overrideAccess: boolean },
): Promise<TakenApiKey> {
  if (!collection.auth || !collection.auth.useAPIKey || !isObject(data) || !('apiKey' in data))
    return { data }
  const { apiKey, ...rest } = data
  if (apiKey === undefined) return { data: rest }
  // `apiKey` is not a stored field: it follows the field access of `enableAPIKey`, and like any field a caller
  // may not write, it is dropped.
  const fieldAccess = collection.flatFields.find((f) => f.name === 'enableAPIKey')?.access?.[
    access.operation
  ]
  if (!access.overrideAccess && fieldAccess && !(await fieldAccess({ req: access.req, data })))
    return { data: rest }
  const problem = apiKeyProblem(apiKey)
  if (problem)
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ message: problem, path: 'apiKey', label: 'API Key' }],
    })
  if (apiKey === null) return { data: rest, index: null }
  // apiKeyProblem refuses every key that is neither null nor a string.
  if (typeof apiKey !== 'string') throw new Error('apiKeyProblem passed a non-string API key.')
  return { data: rest, index: apiKeyIndex(config, apiKey), key: apiKey }
}
