/**
 * A served contract without its `contentSchema` keywords, and without the component schemas nothing references
 * once they are gone, for the tools that expand every `$ref` before they start and never read `contentSchema`:
 * Prism (test/helpers/prism.ts) and Portman (portman.ts, whose query values for those parameters are their declared
 * `examples`: 22 s instead of 30 s of conversion for the example app). Prism 5.16's validator is Ajv 8, for
 * which `contentSchema` is an annotation (the content vocabulary of JSON Schema 2020-12 validates nothing), so Prism never checks the JSON text of `where`,
 * `select`, `populate` or `joins` against it; but its operations loader expands every `$ref` first, and the Where
 * schemas reference their next level twice (`and`, `or`) six levels deep: the example app's 0.75 MB contract
 * expanded to 43 MB in 20 s of CPU for each test file behind Prism, to be ignored. Without them: 2 MB in 1.5 s,
 * with the same checks. The JSON texts are checked by the server's validator and every test's own contract check
 * (test/helpers/http.ts), and fuzzed by Schemathesis's hooks and test/reliability/fuzz-queries.test.ts.
 */
export function withoutContentSchemas(doc: Record<string, unknown>): Record<string, unknown> {
  const stripped = strip(doc) as Record<string, unknown>
  const components = (stripped.components ?? {}) as { schemas?: Record<string, unknown> }
  if (!components.schemas) return stripped
  // What the document still references, the component schemas themselves followed only through references.
  const reached = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key !== '$ref' || typeof inner !== 'string') visit(inner)
        else if (!reached.has(inner)) {
          reached.add(inner)
          visit(pointer(stripped, inner))
        }
      }
  }
  visit({ ...stripped, components: { ...components, schemas: {} } })
  const prefix = '#/components/schemas/'
  const schemas = Object.fromEntries(
    Object.entries(components.schemas).filter(([name]) => reached.has(prefix + name)),
  )
  return { ...stripped, components: { ...components, schemas } }
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'contentSchema')
      .map(([key, inner]) => [key, strip(inner)]),
  )
}

/** The value a local JSON pointer (`#/components/schemas/Post`) names, or undefined. */
function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], doc)
}
