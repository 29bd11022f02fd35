import { OpenAPIBackend } from 'openapi-backend'

/**
 * An openapi-backend instance over a compiled contract, for the server (request validation and routing) and
 * the tests (response conformance). The contract's schemas are recursive (Where, Select, documents relating to
 * their own collection), which openapi-backend's dereferencing cannot inline, so every schema reference points
 * at one registered schema document instead, and parameter references are inlined.
 */
const COMPONENTS_ID = 'cms-contract'

function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
          ? `${COMPONENTS_ID}${v}`
          : rewriteRefs(v),
      ]),
    ) as T
  }
  return value
}

export function contractBackend(document: Record<string, unknown>): OpenAPIBackend {
  const doc = rewriteRefs(structuredClone(document)) as {
    paths: Record<string, Record<string, { parameters?: Record<string, unknown>[] }>>
    components: { parameters: Record<string, unknown>; schemas: Record<string, unknown> }
  }
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!op.parameters) continue
      op.parameters = op.parameters.map((p) => {
        const ref =
          typeof p.$ref === 'string' ? /^#\/components\/parameters\/(.+)$/.exec(p.$ref) : null
        return ref
          ? structuredClone(doc.components.parameters[ref[1]] as Record<string, unknown>)
          : p
      })
    }
  }
  const schemas = doc.components.schemas
  return new OpenAPIBackend({
    definition: doc as never,
    quick: true,
    validate: true,
    strict: false,
    ajvOpts: { strict: false } as never,
    customizeAjv: (ajv) => {
      const a = ajv as unknown as {
        addFormat: (name: string, f: unknown) => void
        addSchema: (s: unknown) => void
        getSchema: (id: string) => unknown
      }
      a.addFormat('date-time', { validate: (s: string) => !Number.isNaN(Date.parse(s)) })
      a.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/)
      if (!a.getSchema(COMPONENTS_ID)) a.addSchema({ $id: COMPONENTS_ID, components: { schemas } })
      return ajv
    },
  })
}
