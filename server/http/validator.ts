import {
  OpenAPIBackend,
  type AjvCustomizer,
  type Document,
  type ValidationContext,
  type ValidationResult,
} from 'openapi-backend'
import { isRecord } from '../utilities/is-record.ts'
import { CMS_FORMATS } from './request-validator.ts'

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
type Ajv = ReturnType<AjvCustomizer>

function hideRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideRefs)
  return isRecord(value) ? hideObjectRefs(value) : value
}
function hideObjectRefs(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) =>
      k === '$ref' && typeof v === 'string' && v.startsWith(SCHEMAS)
        ? [REF_KEYWORD, v.slice(SCHEMAS.length)]
        : [k, hideRefs(v)],
    ),
  )
}

/** What openapi-backend is handed must be an OpenAPI document: the compiled contract is one. */
function isDocument(doc: Record<string, unknown>): doc is Record<string, unknown> & Document {
  return typeof doc.openapi === 'string' && isRecord(doc.info) && isRecord(doc.paths)
}

/** Every operation's parameters with the references to shared ones inlined, JSON-text ones by their content. */
function inlineParameters(doc: Record<string, unknown>): void {
  const components: Record<string, unknown> = isRecord(doc.components) ? doc.components : {}
  const shared: Record<string, unknown> = isRecord(components.parameters)
    ? components.parameters
    : {}
  const paths: Record<string, unknown> = isRecord(doc.paths) ? doc.paths : {}
  for (const item of Object.values(paths)) {
    for (const op of isRecord(item) ? Object.values(item) : []) {
      if (!isRecord(op) || !Array.isArray(op.parameters)) continue
      op.parameters = op.parameters.map((p: unknown) => {
        if (!isRecord(p)) return p
        const ref =
          typeof p.$ref === 'string' ? /^#\/components\/parameters\/(.+)$/.exec(p.$ref) : null
        const target = ref ? shared[ref[1]] : p
        if (!isRecord(target)) throw new Error(`The contract has no parameter ${String(p.$ref)}.`)
        const inlined = ref ? structuredClone(target) : target
        // A JSON-text parameter (where, select, populate) reaches validation parsed (server/http/query.ts):
        // the object is checked against its contentSchema.
        const schema = isRecord(inlined.schema) ? inlined.schema : undefined
        return schema?.contentMediaType === 'application/json' && schema.contentSchema
          ? { ...inlined, schema: structuredClone(schema.contentSchema) }
          : inlined
      })
    }
  }
}

/**
 * A multipart write reaches validation as its document (`_payload` parsed, server/http/multipart.ts): where the
 * operation declares no JSON body (an upload create that needs a file), its `_payload`'s contentSchema is the body
 * openapi-backend checks, not the form's (whose other fields are strings).
 */
function payloadBodies(doc: Record<string, unknown>): void {
  const paths: Record<string, unknown> = isRecord(doc.paths) ? doc.paths : {}
  for (const item of Object.values(paths))
    for (const op of isRecord(item) ? Object.values(item) : []) {
      const content = isRecord(op) && isRecord(op.requestBody) ? op.requestBody.content : undefined
      if (!isRecord(content) || content['application/json'] !== undefined) continue
      const form = content['multipart/form-data']
      const schema = isRecord(form) && isRecord(form.schema) ? form.schema : undefined
      const payload = isRecord(schema?.properties) ? schema.properties._payload : undefined
      if (isRecord(payload) && isRecord(payload.contentSchema))
        content['application/json'] = { schema: structuredClone(payload.contentSchema) }
    }
}

export function contractBackend(document: Record<string, unknown>): OpenAPIBackend {
  const doc = hideObjectRefs(structuredClone(document))
  inlineParameters(doc)
  payloadBodies(doc)
  if (!isDocument(doc)) throw new Error('The contract is not an OpenAPI document.')
  const components: Record<string, unknown> = isRecord(doc.components) ? doc.components : {}
  const schemas: Record<string, unknown> = isRecord(components.schemas) ? components.schemas : {}
  // openapi-backend makes a fresh Ajv for every validator it compiles, which would compile the shared component
  // schemas (deep Wheres, documents) again for every operation: one Ajv per validation context instead, so each
  // component is compiled once per contract.
  const shared = new Map<ValidationContext, Ajv>()
  const api = new OpenAPIBackend({
    definition: doc,
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
    },
    customizeAjv: (ajv, _opts, context) => {
      const cached = shared.get(context)
      if (cached) return cached
      for (const [name, format] of Object.entries(CMS_FORMATS)) ajv.addFormat(name, format)
      ajv.addKeyword({
        keyword: REF_KEYWORD,
        macro: (name: string) => ({ $ref: componentKey(name) }),
      })
      // The compiler's component schemas are all objects.
      for (const [name, schema] of Object.entries(schemas))
        if (isRecord(schema)) ajv.addSchema(schema, componentKey(name))
      shared.set(context, ajv)
      return ajv
    },
  })
  // In quick mode init() starts loadDocument() and never awaits it: a json-schema-ref-parser pass over the whole
  // contract (~250 ms of CPU at start, the first response waiting behind it) whose result, `document`, is read
  // only by validateDefinition, which quick mode skips. The definition is the object already in hand.
  api.loadDocument = () => Promise.resolve((api.document = doc))
  // The macro's own "must pass x-cms-ref" errors repeat the real error below them: dropped.
  const withoutMacroErrors = (result: ValidationResult): ValidationResult => {
    if (result.errors) result.errors = result.errors.filter((e) => e.keyword !== REF_KEYWORD)
    return result
  }
  const validateRequest = api.validateRequest.bind(api)
  api.validateRequest = (req, operation) => withoutMacroErrors(validateRequest(req, operation))
  const validateResponse = api.validateResponse.bind(api)
  api.validateResponse = (res, operation, statusCode) =>
    withoutMacroErrors(validateResponse(res, operation, statusCode))
  return api
}

/**
 * The initialised backend of a contract document, one per document object in a process: the dispatcher's request
 * validation, the development check of custom endpoints and a test's response checker (test/helpers/http.ts) of
 * the same served document share it, so the document is copied, dereferenced and routed once, and each component
 * schema compiled once per validation context (measured: about 100 ms of CPU for the example app's contract).
 * Nothing registers handlers or options on it after init.
 */
const initialised = new WeakMap<object, Promise<OpenAPIBackend>>()
export function initialisedBackend(document: Record<string, unknown>): Promise<OpenAPIBackend> {
  let backend = initialised.get(document)
  if (!backend) {
    const api = contractBackend(document)
    backend = api.init().then(() => api)
    initialised.set(document, backend)
  }
  return backend
}
