import { isRecord } from '../../server/utilities/is-record.ts'

/**
 * What this server answers differently from Payload on the same data, removed before the answers are compared. Each
 * is listed in docs/porting-from-payload.md ("Bring your data", what differs in the answers); nothing else is:
 * - a key whose value is null: Payload leaves some out (a localized value missing in the locale asked for) and
 *   answers others as null (a block's unnamed `blockName`), this server answers null or leaves it out the other way;
 * - a file URL's cache tag (`?<updatedAt>`, docs/uploads.md: `cacheTags`), which Payload's REST does not append;
 * - a global's `id`: Payload's SQL row id, where this server keeps a global as one document without one;
 * - a user's `sessions` list and `hasAPIKey`: Payload 3.90's, where this server keeps sessions in its own table
 *   (`cms_sessions`) and says whether a key is set through `enableAPIKey`.
 */
export function comparable(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v))
  if (typeof value === 'string' && key === 'url') return value.replace(/\?[^?]*$/, '')
  if (!isRecord(value)) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue
    if (k === 'sessions' || k === 'hasAPIKey') continue
    if (k === 'id' && 'globalType' in value) continue
    out[k] = comparable(v, k)
  }
  return out
}
