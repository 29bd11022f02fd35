import {
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type Source,
  type ValidationRule,
} from 'graphql'
import { PER_REQUEST } from './limits.ts'

/** Parsed documents kept, and the longest source kept. */
const DOCUMENT_CACHE_SIZE = 200
const MAX_CACHED_DOCUMENT = 16_384

/**
 * A document is parsed once per text and validated once against the rules that do not depend on the request
 * (graphql-js's own, aliases, introspection): validation was 11% of a small query's CPU. The limits rule (depth
 * and cost, limits.ts) reads the request's variables, so it runs every time, first, unless the document declares
 * no variables: then its answer is the document's alone and is kept too (it was 6% of a by-id query's CPU).
 * Both caches are bounded.
 */
export function documentCache(maxTokens: number) {
  const documents = new Map<string, DocumentNode>()
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>()
  const limited = new WeakMap<DocumentNode, readonly GraphQLError[]>()
  return {
    // A token cap stops a huge document while it is parsed, before validation (whose field-merging check
    // grows with the square of the fields) can spend seconds on it.
    parse: (source: string | Source): DocumentNode => {
      const text = typeof source === 'string' ? source : source.body
      const known = documents.get(text)
      if (known) return known
      try {
        const document = parse(source, { maxTokens })
        if (text.length <= MAX_CACHED_DOCUMENT) {
          if (documents.size >= DOCUMENT_CACHE_SIZE) {
            const oldest = documents.keys().next()
            if (!oldest.done) documents.delete(oldest.value)
          }
          documents.set(text, document)
        }
        return document
      } catch (error) {
        if (error instanceof GraphQLError && /tokens/.test(error.message)) {
          throw new GraphQLError(
            `The document has more than ${maxTokens} tokens (graphQL.maxTokens).`,
            { extensions: { code: 'QUERY_TOO_LARGE', limit: 'graphQL.maxTokens', max: maxTokens } },
          )
        }
        throw error
      }
    },
    validate: (
      schema: GraphQLSchema,
      document: DocumentNode,
      rules: readonly ValidationRule[] = [],
    ): readonly GraphQLError[] => {
      // Depth and cost first, by walks that stop at their caps: a refused document never reaches graphql-js's
      // own rules, whose field-merging check grows with the square of the fragments spread in a selection.
      let limits = limited.get(document)
      if (!limits) {
        limits = validate(
          schema,
          document,
          rules.filter((r) => PER_REQUEST in r),
        )
        if (!declaresVariables(document)) limited.set(document, limits)
      }
      if (limits.length) return limits
      let errors = validated.get(document)
      if (!errors) {
        errors = validate(
          schema,
          document,
          rules.filter((r) => !(PER_REQUEST in r)),
        )
        validated.set(document, errors)
      }
      return errors
    },
  }
}

/** Whether an operation of the document declares a variable (its depth and cost may then depend on them). */
const declaresVariables = (document: DocumentNode) =>
  document.definitions.some(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (d.variableDefinitions?.length ?? 0) > 0,
  )
