import type { Readable } from 'node:stream'
/**
 * The parts of a REST request a handler reads, its reply, and the readers every handler family shares: the
 * Local options of a read or a list, a save's message, the filter of a bulk write, the token an answer leaves out.
 */
import type { JoinQuery, Select } from '../../config/local-api.ts'
import type { CmsRequest, FlattenedField, SanitizedCollection, Where } from '../../config/types.ts'
import type { OnCollection, RestKind, SuccessStatus, TargetOf } from '../../config/kinds.ts'
import type { OperationMeta } from '../../contracts/openapi.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import type { Cms } from '../../local/cms.ts'
import { isRecord } from '../../utilities/is-record.ts'
import { boolParam, intParam } from '../query.ts'

/** A request of kind `K`: its meta names the collection or global the kind acts on (`config/kinds.ts`). */
export interface RestRequest<K extends RestKind = RestKind> {
  meta: OperationMeta & TargetOf<K>
  /** The client address (rate limits). */
  ip: string
  /** The raw request body (webhook signatures). */
  raw: Buffer
  params: Record<string, string>
  query: Record<string, unknown>
  /** The query's objects, as the contract validated them (dispatch.ts). */
  structured: QueryObjects
  body: unknown
  req: CmsRequest
}
export interface QueryObjects {
  where?: Where
  select?: Select
  populate?: Record<string, Select>
  joins?: JoinQuery
}
export interface RestReply<S extends number = number> {
  status: S
  body?: unknown
  headers?: Record<string, string>
  /** Bytes streamed as they are (a stored file), instead of a JSON body. */
  stream?: Readable
}
/**
 * One handler per kind the REST dispatcher serves, answering only the success statuses its kind declares
 * (`config/kinds.ts`, the same table the OpenAPI compiler checks its responses against): a kind without a
 * handler, or a handler answering another status, fails `npm run typecheck`.
 */
export type RestHandlers = {
  [K in RestKind]: (cms: Cms, r: RestRequest<K>) => Promise<RestReply<SuccessStatus<K>>>
}

export function readOptions(r: RestRequest) {
  const q = r.query
  return {
    depth: intParam(q.depth),
    locale: text(q.locale),
    // Payload's order: `fallbackLocale` before `fallback-locale`.
    fallbackLocale: text(q.fallbackLocale) ?? text(q['fallback-locale']),
    draft: boolParam(q.draft),
    trash: boolParam(q.trash),
    select: r.structured.select,
    populate: r.structured.populate,
    joins: r.structured.joins,
    overrideAccess: false,
    req: r.req,
  }
}

/** The body keys Payload reads as the request's locale when the query names none (`fallbackLocale` wins). */
const BODY_LOCALE_KEYS = ['locale', 'fallback-locale', 'fallbackLocale'] as const

/**
 * A write's data and options. As Payload (addLocalesToRequestFromData), a JSON body's `locale` and
 * `fallbackLocale` (or `fallback-locale`) are the request's when the query names none; they are not data, so they
 * leave it, unless a top-level field of that name holds them.
 */
export function writeInput(
  r: RestRequest,
  fields: FlattenedField[],
  data: Record<string, unknown> = body(r),
) {
  const options = readOptions(r)
  const rest = { ...data }
  const given: Partial<Record<(typeof BODY_LOCALE_KEYS)[number], string>> = {}
  for (const key of BODY_LOCALE_KEYS) {
    if (!(key in rest) || fields.some((f) => f.name === key)) continue
    given[key] = text(rest[key])
    delete rest[key]
  }
  return {
    data: rest,
    options: {
      ...options,
      locale: options.locale ?? given.locale,
      fallbackLocale: options.fallbackLocale ?? given.fallbackLocale ?? given['fallback-locale'],
    },
  }
}

export function listOptions(r: RestRequest) {
  return {
    ...readOptions(r),
    where: r.structured.where,
    limit: intParam(r.query.limit),
    page: intParam(r.query.page),
    pagination: boolParam(r.query.pagination),
    sort: text(r.query.sort),
  }
}

/** Payload's message of a save: an autosave, a draft, or an update. */
export const savedMessage = (r: RestRequest) =>
  boolParam(r.query.autosave)
    ? 'Autosaved successfully.'
    : boolParam(r.query.draft)
      ? 'Draft saved successfully.'
      : 'Updated successfully.'

export const collectionOf = (cms: Cms, r: { meta: OnCollection }): SanitizedCollection =>
  cms.collection(r.meta.collection)

/** A query parameter given as text (the contract's string parameters), else undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined

/** The body of an operation whose contract requires a JSON object (validated before the handler runs). */
export function body(r: RestRequest): Record<string, unknown> {
  if (!isRecord(r.body)) throw new BadRequest('The request body must be a JSON object.')
  return r.body
}

/** The body of an operation whose contract makes it optional: the object, or undefined. */
export const optionalBody = (r: RestRequest) => (isRecord(r.body) ? r.body : undefined)

export function requireWhere(r: RestRequest): Where {
  const where = r.structured.where
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

/** `attachment; filename="a.bin"; filename*=UTF-8''a.bin` (RFC 6266), safe for any name. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`
