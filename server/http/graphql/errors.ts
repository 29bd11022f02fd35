import { GraphQLError } from 'graphql'
import { ERROR_CATALOGUE } from '../../errors/catalogue.ts'
import { APIError } from '../../errors/api-error.ts'
import type { Resolver } from './context.ts'

/** Any error → a GraphQL error with a code; internal ones masked (and logged by the caller). */
export function toGraphQLError(error: unknown, log: (e: unknown) => void): GraphQLError {
  if (error instanceof GraphQLError) return error
  if (error instanceof APIError && error.expose) {
    const code = ERROR_CATALOGUE[error.code].graphql
    return new GraphQLError(error.message, {
      extensions: {
        code,
        status: error.status,
        ...(error.data !== undefined ? { data: error.data } : {}),
      },
    })
  }
  log(error)
  return new GraphQLError('Something went wrong.', {
    extensions: { code: ERROR_CATALOGUE.INTERNAL.graphql, status: 500 },
  })
}

/** A resolver whose errors reach the answer through `toGraphQLError`. */
export function guard<A, S>(fn: Resolver<A, S>, log: (e: unknown) => void): Resolver<A, S> {
  return async (source, args, ctx, info) => {
    try {
      return await fn(source, args, ctx, info)
    } catch (error) {
      throw toGraphQLError(error, log)
    }
  }
}
