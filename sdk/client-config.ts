/**
 * Runtime defaults of the generated REST client (`generated/openapi/client.gen.ts` imports this through
 * hey-api's `runtimeConfigPath`). The contract declares `where`, `select` and `populate` as JSON-encoded
 * query parameters (`content: application/json`), which hey-api's default serializer does not do: it
 * refuses nested objects. This serializer sends any object or array value as one JSON string and
 * everything else as its string form, so a nested `where` of any depth is one query parameter.
 */

import type { CreateClientConfig } from '../generated/openapi/client.gen.ts'

/** `{ where: { or: [...] }, limit: 5 }` → `where=%7B%22or%22...&limit=5`. */
export function jsonQuerySerializer(query: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return params.toString()
}

export const createClientConfig: CreateClientConfig = (config) =>
  ({
    ...config,
    querySerializer: jsonQuerySerializer,
  }) as ReturnType<CreateClientConfig>
