import { isRecord } from './is-record.ts'

/** A copy of a JSON-like value (what qs and JSON.parse give: objects, arrays and scalars). */
export function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson)
  if (isRecord(value)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) out[key] = cloneJson(value[key])
    return out
  }
  return value
}
