/**
 * A served contract with each rich-text value's schema (`x-cms-rich-text`: Lexical's tree unrolled level by level,
 * server/fields/rich-text/schema.ts) replaced by an object holding `root`, with its example. For tools that expand
 * every reference before they start: Portman writes each response's expanded schema into the test of each
 * request (its injection ran past 90 s for the example app), and Prism's proxy spent minutes on the example's
 * contract before answering. The trees are checked in full by Schemathesis's response checks and by every test's
 * own contract check (test/helpers/http.ts).
 */
export function shallowRichText(doc: Record<string, unknown>): Record<string, unknown> {
  const components = (doc.components ?? {}) as { schemas?: Record<string, Record<string, unknown>> }
  // A copy: the document given is left as it is (a test's own contract check uses it).
  const schemas = { ...components.schemas }
  for (const [name, schema] of Object.entries(schemas))
    if (schema['x-cms-rich-text'])
      schemas[name] = {
        type: 'object',
        required: ['root'],
        properties: { root: { type: 'object' } },
        ...(schema.examples ? { examples: schema.examples } : {}),
      }
  return { ...doc, components: { ...components, schemas } }
}
