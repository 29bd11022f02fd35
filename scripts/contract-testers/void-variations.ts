/**
 * Portman's fuzzer writes some "invalid" requests that are not invalid:
 * - it crosses a bound of a field the request body does not hold (the `password` length of an update that sends
 *   no password), which leaves the body as it was;
 * - it loses the parent of a field nested in a nullable object or array (OpenAPI 3.1 `type: ['object', 'null']`):
 *   `seo.title` is fuzzed as the top-level `title`, `tags[0].tag` as `tag`.
 * Such a request is valid against the contract, and the server rightly accepts it. So before the run every
 * invalid-input variation is checked against the served contract, by Ajv (JSON Schema 2020-12) here rather than
 * by the server's validator: the ones the contract accepts are taken out of the collection and listed in the
 * report, never run as passes.
 */
import { randomUUID } from 'node:crypto'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: Schema
  $ref?: string
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
}
interface Document {
  paths: Record<string, Record<string, Operation>>
  components?: { parameters?: Record<string, Parameter> }
}
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

/** Validators of schemas of `document`, whose `#/components/…` references resolve in the document. */
function validators(document: Document, coerceTypes: boolean) {
  // Portman's fuzzer does not touch formats.
  const ajv = new Ajv2020({ strict: false, coerceTypes, validateFormats: false })
  ajv.addSchema({ $id: 'contract', components: document.components ?? {} })
  const anchored = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(anchored)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [
              k,
              k === '$ref' && typeof v === 'string' && v.startsWith('#/')
                ? `contract${v}`
                : anchored(v),
            ]),
          )
        : value
  const cache = new Map<string, ValidateFunction>()
  return (schema: Schema, value: unknown): boolean => {
    const key = JSON.stringify(schema)
    let validate = cache.get(key)
    if (!validate) cache.set(key, (validate = ajv.compile(anchored(schema) as Schema)))
    return validate(value)
  }
}

/** Whether the contract accepts the request: path, query and header parameters, and the JSON body. */
function accepts(
  document: Document,
  operation: Operation,
  request: {
    path: Record<string, string>
    query: Record<string, string>
    headers: Record<string, string>
    body: unknown
  },
  validate: { parameter: ReturnType<typeof validators>; body: ReturnType<typeof validators> },
): boolean {
  for (const p of operation.parameters ?? []) {
    const parameter = p.$ref ? document.components!.parameters![p.$ref.split('/').pop()!] : p
    const where = { path: request.path, query: request.query, header: request.headers }[
      parameter.in
    ]
    if (!where) continue
    const raw = where[parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name]
    if (raw === undefined) {
      if (parameter.required) return false
      continue
    }
    const schema = parameter.schema ?? {}
    // JSON text (`where`, `select`, `populate`): the value is the JSON of `contentSchema`, which JSON Schema
    // validators only annotate.
    if (schema.contentMediaType === 'application/json' && schema.contentSchema) {
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        return false
      }
      if (!validate.body(schema.contentSchema as Schema, value)) return false
    } else if (!validate.parameter(schema, raw)) return false
  }
  const content = operation.requestBody?.content?.['application/json']
  if (request.body === undefined) return !operation.requestBody?.required
  return !content?.schema || validate.body(content.schema, request.body)
}

/** Takes out of `collection` the invalid-input variations the contract accepts; answers their names. */
export function dropValidVariations(
  collection: { item: PostmanItem[] },
  document: Document,
  values: Record<string, string>,
  isInvalidVariation: (name: string) => boolean,
): string[] {
  const validate = { parameter: validators(document, true), body: validators(document, false) }
  const templates = Object.entries(document.paths).map(([path, item]) => ({
    names: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
    path,
    item,
  }))
  const resolve = resolver(values)
  const dropped: string[] = []
  const visit = (items: PostmanItem[]) => {
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]
      if (item.item) visit(item.item)
      if (!item.request || !isInvalidVariation(item.name)) continue
      const { url, method, body, header = [] } = item.request
      const vars = Object.fromEntries((url.variable ?? []).map((v) => [v.key, resolve(v.value)]))
      const segments = url.path ?? []
      const template = `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`
      const found = templates.find((t) => t.path === template)
      const operation = found?.item[method.toLowerCase()]
      if (!found || !operation) continue
      let parsed: unknown = undefined
      if (body?.raw) {
        try {
          parsed = JSON.parse(resolve(body.raw))
        } catch {
          continue // not JSON: invalid by construction
        }
      }
      const request = {
        path: Object.fromEntries(found.names.map((n) => [n, String(vars[n] ?? '')])),
        query: Object.fromEntries(
          (url.query ?? []).filter((q) => !q.disabled).map((q) => [q.key, resolve(q.value ?? '')]),
        ),
        headers: Object.fromEntries(
          header.filter((h) => !h.disabled).map((h) => [h.key.toLowerCase(), resolve(h.value)]),
        ),
        body: parsed,
      }
      if (accepts(document, operation, request, validate)) {
        dropped.push(item.name)
        items.splice(i, 1)
      }
    }
  }
  visit(collection.item)
  return dropped
}
