/**
 * GraphQL at `<api><routes.graphQL>`, by job under `graphql/`: the endpoint (`endpoint.ts`), the executable schema
 * (`schema.ts`) with its relationship and join fields (`relations.ts`, `joins.ts`, through `loaders.ts`) and its
 * root resolvers by group (`resolvers/`), the parsed-document cache (`documents.ts`), the static limits
 * (`limits.ts`) and the error mapping (`errors.ts`).
 */
export { createGraphQLEndpoint, type GraphQLEndpoint } from './graphql/endpoint.ts'
export { buildExecutableSchema } from './graphql/schema.ts'
export type { GraphQLResolvers, GraphQLResults } from './graphql/resolvers/index.ts'
