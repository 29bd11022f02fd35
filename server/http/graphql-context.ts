import type { CmsRequest } from '../config/types.ts'
import type { Cms } from '../local/cms.ts'

/** What every GraphQL resolver receives as its context: the Local instance and the request it acts for. */
export interface GraphQLContext {
  cms: Cms
  req: CmsRequest
}
