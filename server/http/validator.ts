import { OpenAPIBackend } from 'openapi-backend'

/**
 * An openapi-backend instance over a compiled contract, for the server (request validation and routing) and
 * the tests (response conformance). openapi-backend inlines every `$ref` it finds before compiling, and the
 * contract's schemas are deep (Wheres unrolled to the nesting limit, populated documents to maxDepth), which
 * made a collection's first validation compile for a second or more. So schema references are hidden from it
 * as a macro keyword (`x-cms-ref: <name>`) that Ajv expands back into a `$ref` to the component, registered
 * once per Ajv under its own key and compiled once per contract (measured: the posts find validator
 * 0.9 s → 0.1 s). Parameter references are inlined.
 */
const REF_KEYWORD = 'x-cms-ref'
const SCHEMAS = '#/components/schemas/'
const componentKey = (name: string) => `cms-contract-${name}`

function hideRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(hideRefs) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) =>
        k === '$ref' && typeof v === 'string' && v.startsWith(SCHEMAS)
          ? [REF_KEYWORD, v.slice(SCHEMAS.length)]
          : [k, hideRefs(v)],
      ),
    ) as T
  }
  return value
}

export function contractBackend(document: Record<string, unknown>): OpenAPIBackend {
  const doc = hideRefs(structuredClone(document)) as {
    paths: Record<string, Record<string, { parameters?: Record<string, unknown>[] }>>
    components: { parameters: Record<string, unknown>; schemas: Record<string, unknown> }
  }
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!op.parameters) continue
      op.parameters = op.parameters.map((p) => {
        const ref =
          typeof p.$ref === 'string' ? /^#\/components\/parameters\/(.+)$/.exec(p.$ref) : null
        const inlined = ref
          ? structuredClone(doc.components.parameters[ref[1]] as Record<string, unknown>)
          : p
        // A JSON-text parameter (where, select, populate) reaches validation parsed (server/http/query.ts):
        // the object is checked against its contentSchema.
        const schema = inlined.schema as
          { contentMediaType?: string; contentSchema?: unknown } | undefined
        return schema?.contentMediaType === 'application/json' && schema.contentSchema
          ? { ...inlined, schema: structuredClone(schema.contentSchema) }
          : inlined
      })
    }
  }
  const schemas = doc.components.schemas
  // openapi-backend makes a fresh Ajv for every validator it compiles, which would compile the shared component
  // schemas (deep Wheres, documents) again for every operation: one Ajv per validation context instead, so each
  // component is compiled once per contract.
  const shared = new Map<unknown, unknown>()
  const api = new OpenAPIBackend({
    definition: doc as never,
    quick: true,
    validate: true,
    strict: false,
    // validateSchema: the contract's schemas come from our compiler and are linted against the meta-schemas by
    // the tests (Redocly, Spectral); checking them again on every start cost ~250 ms before the first response.
    ajvOpts: {
      strict: false,
      inlineRefs: false,
      validateSchema: false,
      code: { optimize: false },
    } as never,
    customizeAjv: (ajv, _opts, context) => {
      const cached = shared.get(context)
      if (cached) return cached as typeof ajv
      const a = ajv as unknown as {
        addFormat: (name: string, f: unknown) => void
        addSchema: (s: unknown, key: string) => void
        addKeyword: (definition: unknown) => void
      }
      a.addFormat('date-time', { validate: (s: string) => !Number.isNaN(Date.parse(s)) })
      a.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/)
      a.addKeyword({
        keyword: REF_KEYWORD,
        macro: (name: string) => ({ $ref: componentKey(name) }),
      })
      for (const [name, schema] of Object.entries(schemas)) a.addSchema(schema, componentKey(name))
      shared.set(context, ajv)
      return ajv
    },
  })
  // In quick mode init() starts loadDocument() and never awaits it: a json-schema-ref-parser pass over the whole
  // contract (~250 ms of CPU at start, the first response waiting behind it) whose result, `document`, is read
  // only by validateDefinition, which quick mode skips. The definition is the object already in hand.
  api.loadDocument = () => Promise.resolve((api.document = doc as never))
  // The macro's own "must pass x-cms-ref" errors repeat the real error below them: dropped.
  for (const method of ['validateRequest', 'validateResponse'] as const) {
    const original = api[method].bind(api) as (...args: unknown[]) => {
      errors?: { keyword: string }[] | null
    }
    api[method] = ((...args: unknown[]) => {
      const result = original(...args)
      if (result.errors) result.errors = result.errors.filter((e) => e.keyword !== REF_KEYWORD)
      return result
    }) as never
  }
  return api
}
