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

type AjvError = { keyword: string; instancePath: string; params: unknown; message?: string }
type ValidateFunction = ((data: unknown) => boolean) & { errors?: AjvError[] | null }
export interface ContractOperation {
  operationId?: string
  requestBody?: unknown
  parameters?: {
    $ref?: string
    in?: string
    name?: string
    content?: unknown
    explode?: boolean
    schema?: unknown
  }[]
}

/**
 * The request validation of a body-less operation (GET) without openapi-backend's per-request parsing, or
 * undefined when the operation needs it (a body, cookie parameters, JSON `content` or non-exploded parameters).
 * openapi-backend's `validateRequest` re-parses what the dispatcher has already parsed on every call: the query
 * deep-cloned and turned back into a string, the path template compiled into a RegExp again, the cookies parsed,
 * the headers re-keyed (measured: 5-8% of a count request's CPU). This hands its own precompiled Ajv validators
 * the same parameter object it would build: `path` (the router's parameters, decoded the same way), `query` (an
 * array parameter given once becomes a list), `header` (Node's lower-cased headers) and `cookie` (none are
 * declared, so any object passes). Ajv coerces parameter types in place, so each call gets fresh copies.
 */
export function parameterValidator(
  api: OpenAPIBackend,
  operation: ContractOperation,
):
  | ((parts: {
      path: Record<string, string>
      query: Record<string, unknown>
      headers: Record<string, unknown>
    }) => AjvError[] | null)
  | undefined {
  const params = operation.parameters ?? []
  if (
    operation.requestBody !== undefined ||
    !operation.operationId ||
    params.some(
      (p) =>
        p.$ref !== undefined || p.in === 'cookie' || p.content !== undefined || p.explode === false,
    )
  )
    return undefined
  const validators = (
    api as unknown as {
      validator: { getRequestValidatorsForOperation(id: string): ValidateFunction[] | null }
    }
  ).validator.getRequestValidatorsForOperation(operation.operationId)
  if (!validators) return undefined
  const arrays = new Set(
    params
      .filter((p) => p.in === 'query' && (p.schema as { type?: unknown })?.type === 'array')
      .map((p) => p.name!),
  )
  return ({ path, query, headers }) => {
    if (arrays.size)
      for (const [name, value] of Object.entries(query))
        if (typeof value === 'string' && arrays.has(name)) query[name] = [value]
    const parameters = { path, query, header: headers, cookie: {} }
    let errors: AjvError[] | null = null
    for (const validate of validators) {
      validate(parameters)
      if (validate.errors) (errors ??= []).push(...validate.errors)
    }
    // null when valid; else, as validateRequest (wrapped above), without the macro's own errors (they repeat the
    // real one below them).
    return errors && errors.filter((e) => e.keyword !== REF_KEYWORD)
  }
}

/** A copy of a JSON-like value (what qs and JSON.parse give: objects, arrays and scalars). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value))
      out[key] = cloneJson((value as Record<string, unknown>)[key])
    return out as T
  }
  return value
}
