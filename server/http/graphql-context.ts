import type { CmsRequest } from '../config/types.ts'
import type { Cms } from '../local/cms.ts'

/**
 * What every GraphQL resolver receives as its context: the Local instance and the request it acts for. (A type,
 * not an interface: graphql-http takes a context whose type has an index signature.)
 */
export type GraphQLContext = {
  cms: Cms
  req: CmsRequest
}
