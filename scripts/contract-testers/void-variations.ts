/**
 * Portman's fuzzer writes some "invalid" requests that are not invalid:
 * - it crosses a bound of a field the request body does not hold (the `password` length of an update that sends
 *   no password), which leaves the body as it was;
 * - it loses the parent of a field nested in a nullable object or array (OpenAPI 3.1 `type: ['array', 'null']`,
 *   `anyOf: [{ $ref }, { type: 'null' }]`): `seo.title` is fuzzed as the top-level `title`, `tags[0].tag` as `tag`.
 * Such a request is valid against the contract, and the server rightly accepts it. So before the run every
 * invalid-input variation is checked against the served contract by openapi-backend (an instance of its own
 * with default settings, not the server's validator): the ones the contract accepts are taken out of the
 * collection and listed in the report, never run as passes.
 */
import { randomUUID } from 'node:crypto'
import { OpenAPIBackend } from 'openapi-backend'

interface PostmanItem {
  name: string
  item?: PostmanItem[]
  request?: {
    method: string
    header?: { key: string; value: string; disabled?: boolean }[]
    url: {
      path?: string[]
      variable?: { key: string; value: string }[]
      query?: { key: string; value: string | null; disabled?: boolean }[]
    }
    body?: { raw?: string }
  }
}

/** Replaces `{{name}}` with the run's variables and `{{$guid}}` with a fresh one, as newman would. */
function resolver(values: Record<string, string>) {
  return (text: string) =>
    text.replace(/\{\{(\$?[\w.-]+)\}\}/g, (whole, name: string) =>
      name === '$guid' || name === '$randomUUID' ? randomUUID() : (values[name] ?? whole),
    )
}

export async function dropValidVariations(
  collection: { item: PostmanItem[] },
  document: Record<string, unknown>,
  values: Record<string, string>,
  isInvalidVariation: (name: string) => boolean,
): Promise<string[]> {
  const api = new OpenAPIBackend({
    definition: document as never,
    quick: true,
    validate: true,
    // Portman's fuzzer does not touch formats: they are checked loosely, and known (no warning per schema).
    customizeAjv: (ajv) => {
      const a = ajv as unknown as { addFormat: (name: string, f: RegExp) => void }
      a.addFormat('date-time', /\d{4}-\d\d-\d\dT/)
      a.addFormat('email', /@/)
      return ajv
    },
  })
  await api.init()
  const resolve = resolver(values)
  const dropped: string[] = []
  const visit = (items: PostmanItem[]) => {
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]
      if (item.item) visit(item.item)
      if (!item.request || !isInvalidVariation(item.name)) continue
      const { url, method, body, header = [] } = item.request
      const vars = Object.fromEntries((url.variable ?? []).map((v) => [v.key, v.value]))
      const path =
        '/' +
        (url.path ?? [])
          .map((s) => (s.startsWith(':') ? resolve(String(vars[s.slice(1)] ?? s)) : s))
          .join('/')
      const query = Object.fromEntries(
        (url.query ?? []).filter((q) => !q.disabled).map((q) => [q.key, resolve(q.value ?? '')]),
      )
      const headers = Object.fromEntries(
        header.filter((h) => !h.disabled).map((h) => [h.key.toLowerCase(), resolve(h.value)]),
      )
      let parsed: unknown = undefined
      if (body?.raw) {
        try {
          parsed = JSON.parse(resolve(body.raw))
        } catch {
          continue // not JSON: invalid by construction
        }
      }
      const request = { method, path, query, headers, body: parsed }
      const operation = api.matchOperation(request)
      if (!operation) continue
      if (api.validateRequest(request, operation).valid) {
        dropped.push(item.name)
        items.splice(i, 1)
      }
    }
  }
  visit(collection.item)
  return dropped
}
