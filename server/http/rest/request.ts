/**
 * The parts of a REST request a handler reads, its reply, and the readers every handler family shares: the
 * Local options of a read or a list, a save's message, the filter of a bulk write, the token an answer leaves out.
 */
import type { JoinQuery, Select } from '../../config/local-api.ts'
import type { CmsRequest, SanitizedCollection, Where } from '../../config/types.ts'
import type { RestKind, SuccessStatus } from '../../config/kinds.ts'
import type { OperationMeta } from '../../contracts/openapi.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import type { Cms } from '../../local/cms.ts'
import { boolParam, intParam, type Structured } from '../query.ts'

export interface RestRequest {
  meta: OperationMeta
  /** The client address (rate limits). */
  ip: string
  /** The raw request body (webhook signatures). */
  raw: Buffer
  params: Record<string, string>
  query: Record<string, unknown>
  structured: Structured
  body: unknown
  req: CmsRequest
}
export interface RestReply<S extends number = number> {
  status: S
  body?: unknown
  headers?: Record<string, string>
}
/**
 * One handler per kind the REST dispatcher serves, answering only the success statuses its kind declares
 * (`config/kinds.ts`, the same table the OpenAPI compiler checks its responses against): a kind without a
 * handler, or a handler answering another status, fails `npm run typecheck`.
 */
export type RestHandlers = {
  [K in RestKind]: (cms: Cms, r: RestRequest) => Promise<RestReply<SuccessStatus<K>>>
}

export function readOptions(r: RestRequest) {
  const q = r.query
  return {
    depth: intParam(q.depth),
    locale: q.locale as string | undefined,
    fallbackLocale: q['fallback-locale'] as string | undefined,
    draft: boolParam(q.draft),
    trash: boolParam(q.trash),
    select: r.structured.select as Select | undefined,
    populate: r.structured.populate as Record<string, Select> | undefined,
    joins: r.structured.joins as JoinQuery | undefined,
    overrideAccess: false,
    req: r.req,
  }
}

export function listOptions(r: RestRequest) {
  return {
    ...readOptions(r),
    where: r.structured.where as Where | undefined,
    limit: intParam(r.query.limit),
    page: intParam(r.query.page),
    pagination: boolParam(r.query.pagination),
    sort: r.query.sort as string | undefined,
  }
}

/** Payload's message of a save: an autosave, a draft, or an update. */
export const savedMessage = (r: RestRequest) =>
  boolParam(r.query.autosave)
    ? 'Autosaved successfully.'
    : boolParam(r.query.draft)
      ? 'Draft saved successfully.'
      : 'Updated successfully.'

export const collectionOf = (cms: Cms, r: RestRequest): SanitizedCollection =>
  cms.collection(r.meta.collection!)
export const body = (r: RestRequest) => r.body as Record<string, unknown>

export function requireWhere(r: RestRequest): Where {
  const where = r.structured.where as Where | undefined
  if (!where || Object.keys(where).length === 0)
    throw new BadRequest(
      "Missing 'where' query of documents to change: a bulk update or delete needs a filter.",
    )
  return where
}

/** `auth.removeTokenFromResponses`: the answer leaves `key` (the token) out; the cookie still carries it. */
export function withoutToken<T extends Record<string, unknown>>(
  c: SanitizedCollection,
  body: T,
  key = 'token',
) {
  if (!c.auth || !c.auth.removeTokenFromResponses) return body
  const { [key]: _token, ...rest } = body
  return rest
}
