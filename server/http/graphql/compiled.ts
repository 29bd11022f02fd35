/**
 * GraphQL executed by compiled code (issue 58, item 2): graphql-jit turns a validated document into a function per
 * operation once, where graphql-js walks the selection, looks up every field's resolver and checks every value's
 * type on each request (25–30 % of a by-id query's CPU, docs/performance.md). The document cache (documents.ts)
 * hands out one parsed document per text, so a compiled operation is kept per document object and operation name,
 * and dropped with the document. Depth, cost, aliases and the budget are judged before execution, as before.
 *
 * A document graphql-jit cannot compile (it answers with errors instead of a function) runs on graphql-js, which
 * answers as it always has; so does one declaring a variable of an input object type: graphql-jit generates the
 * coercion of such a variable by unrolling the type, which for the recursive `where` inputs (`and`/`or` of
 * themselves) never ends (it ran out of memory in test/http/graphql.test.ts).
 */
import {
  execute,
  getNamedType,
  isInputObjectType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql'
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit'

type Compiled = CompiledQuery | undefined

/** Whether an operation of the document declares a variable whose type is (a list of) an input object. */
function takesInputObjects(schema: GraphQLSchema, document: DocumentNode): boolean {
  return document.definitions.some(
    (d) =>
      d.kind === Kind.OPERATION_DEFINITION &&
      (d.variableDefinitions ?? []).some((v) => {
        const type = typeFromAST(schema, v.type)
        return !type || isInputObjectType(getNamedType(type))
      }),
  )
}

export function compiledExecutor() {
  const compiled = new WeakMap<DocumentNode, Map<string, Compiled>>()
  const compiledFor = (args: ExecutionArgs): Compiled => {
    let byName = compiled.get(args.document)
    if (!byName) compiled.set(args.document, (byName = new Map()))
    const name = args.operationName ?? ''
    if (!byName.has(name)) {
      if (takesInputObjects(args.schema, args.document)) {
        byName.set(name, undefined)
        return undefined
      }
      const query = compileQuery(args.schema, args.document, args.operationName ?? undefined, {
        // graphql-js's messages and values for errors raised by resolvers, not a captured stack each.
        disablingCapturingStackErrors: true,
      })
      byName.set(name, isCompiledQuery(query) ? query : undefined)
    }
    return byName.get(name)
  }
  return (args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> => {
    const query = compiledFor(args)
    if (!query) return execute(args)
    return query.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as
      ExecutionResult | Promise<ExecutionResult>
  }
}
