import type { SanitizedConfig } from '../config/types.ts'

/**
 * One switch for everything that describes the API to a stranger (issue 30, finding 13): with
 * `NODE_ENV=production` and `graphQL.disableIntrospectionInProduction` (default true), GraphQL refuses
 * introspection and `<api>/openapi.json`, `<api><graphQL>/schema.graphql` and the API reference (`<api>/docs`
 * and its assets) answer 404. The contracts are the same map of the schema as introspection, so they follow it.
 */
export function schemaHidden(graphQL: SanitizedConfig['graphQL']): boolean {
  return process.env.NODE_ENV === 'production' && graphQL.disableIntrospectionInProduction !== false
}
