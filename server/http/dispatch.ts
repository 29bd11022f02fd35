import type { CmsRequest } from '../config/types.ts'
import { isConditional, KINDS, namesTarget, type RestKind, type Targeted } from '../config/kinds.ts'
import type { ContractDocument } from '../contracts/operation.ts'
import type { OperationMeta } from '../contracts/openapi.ts'
import { isRecord } from '../utilities/is-record.ts'
import { APIError } from '../errors/api-error.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { ValidationError } from '../errors/validation-error.ts'
import { refuseIfDenied } from '../local/access-check.ts'
import { conditionalRead, contractStamp } from './conditional.ts'
import type { Cms } from '../local/cms.ts'
import { MAX_JSON_DEPTH, parseJson } from './body.ts'
import { deeperThan } from '../utilities/json-depth.ts'
import { routeNotFound } from './errors.ts'
import { parseQuery, STRUCTURED } from './query.ts'
import { kinds, type RestHandlers, type RestReply, type RestRequest } from './rest.ts'
import type { QueryObjects } from './rest/request.ts'
import { Router } from './router.ts'
import { cloneJson } from '../utilities/clone-json.ts'
import { requestValidators } from './request-validator.ts'
/** Methods whose JSON body becomes `req.data` (Payload's addDataAndFileToRequest). */
const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT'])
/** The schema keywords of a required field a draft save relaxes: present (`required`), not empty. */
const DRAFT_RELAXES = new Set(['required', 'minLength', 'minItems'])

/** Whether the operation writes a collection or global with drafts. */
function hasDrafts(cms: Cms, meta: OperationMeta): boolean {
  const target = meta.collection
    ? cms.config.collectionsBySlug.get(meta.collection)
    : meta.global
      ? cms.config.globals.find((g) => g.slug === meta.global)
      : undefined
  return Boolean(target?.versions && target.versions.drafts)
}

/**
 * The contract's operations: the compiled document's paths are the routes (fixed paths before templated ones),
 * each request is validated against its operation (request-validator.ts), and the handler of the operation's kind
 * (rest.ts, typed exhaustive) serves it through the Local layer.
 */
export interface OperationCall {
  method: string
  /** The path below the API base. */
  rel: string
  /** The full path (for a 404's message). */
  path: string
  querystring: string
  headers: Record<string, string | string[] | undefined>
  contentType: string | undefined
  raw: Buffer
  ip: string
  req: CmsRequest
}

/**
 * A request validator error the Local layer judges instead, with its own message. The sort pattern lists exactly
 * the paths the where compiler sorts by (server/contracts/sort.ts), and a Where lists exactly the paths and
 * operators it takes (contracts/schemas.ts): Local refuses the same keys with a 400 QueryError naming the key and
 * why (unknown, a join, virtual, not readable). A file's `url` ends in its cache tag (`?<updatedAt>`,
 * upload.cacheTags): the file route ignores it. A draft save's required fields (DRAFT_RELAXES).
 */
function localJudges(
  e: { keyword: string; instancePath: string },
  meta: OperationMeta,
  draftSave: boolean,
): boolean {
  return (
    (e.keyword === 'pattern' && e.instancePath === '/query/sort') ||
    (e.keyword === 'additionalProperties' && /^\/query\/where(\/|$)/.test(e.instancePath)) ||
    (meta.kind === 'getFile' &&
      e.keyword === 'additionalProperties' &&
      e.instancePath === '/query') ||
    (draftSave && DRAFT_RELAXES.has(e.keyword) && e.instancePath.startsWith('/requestBody'))
  )
}

export async function contractDispatcher(cms: Cms, document: ContractDocument) {
  const validator = requestValidators(document)
  const router = routesOf(document)
  // Hashed at the first conditional read rather than at start (about 30 ms over a 1.3 MB document).
  let stamp: string | undefined

  return async (call: OperationCall): Promise<RestReply> => {
    const route = router.match(call.method, call.rel)
    if (!route) throw routeNotFound(call.method, call.path)
    const { meta, operationId } = route.value
    // Contract files, pages and custom endpoints are served before this: here they are switched off (production).
    if (meta.kind === 'static' || meta.kind === 'endpoint')
      throw routeNotFound(call.method, call.path)
    let parsed: { query: ReturnType<typeof parseQuery>; body: unknown }
    try {
      parsed = { query: parseQuery(call.querystring), body: parseJson(call.raw, call.contentType) }
      for (const [name, value] of Object.entries(parsed.query.structured)) {
        if (deeperThan(value, MAX_JSON_DEPTH))
          throw new BadRequest(`${name} nests deeper than ${MAX_JSON_DEPTH} levels.`, [
            { path: name },
          ])
      }
    } catch (error) {
      // A malformed query or body is described only to a caller the operation's access lets in (as below).
      if (error instanceof BadRequest)
        await refuseIfDenied(cms, meta, call.req, { id: route.params.id })
      throw error
    }
    const { body } = parsed
    const { plain, structured } = parsed.query
    // where/select/populate are validated against the contract as the objects they are (JSON or brackets).
    // Copies: the validator coerces parameter types in place.
    const query: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(plain))
      query[name] = Array.isArray(value) ? [...value] : value
    for (const name of STRUCTURED)
      if (structured[name] !== undefined) query[name] = cloneJson(structured[name])
    // A draft save may leave required fields out or empty (Payload's draft saves): the body schema states the rule
    // of a save without draft=true, so its required-field errors are the Local layer's to judge (with the draft's
    // rules, every other check as strict: docs/contracts.md, "Drafts").
    const draftSave =
      WRITE_METHODS.has(call.method) && plain.draft === 'true' && hasDrafts(cms, meta)
    const validate = validator(operationId)
    const errors = (validate instanceof Promise ? await validate : validate)({
      path: { ...route.params },
      query,
      headers: { ...call.headers },
      body,
      contentType: call.contentType,
    })
    const errs = errors && errors.filter((e) => !localJudges(e, meta, draftSave))
    if (errs?.length) {
      // A caller the operation's access turns away learns nothing from a 400: Local's access answers first.
      await refuseIfDenied(cms, meta, call.req, { id: route.params.id, data: body })
      throw validationError(errs)
    }
    // Payload's req.data: the parsed JSON body of a write, for hooks that read what the caller sent.
    if (WRITE_METHODS.has(call.method) && isRecord(body)) call.req.data = body
    const run = () =>
      serve(cms, {
        meta,
        ip: call.ip,
        raw: call.raw,
        params: route.params,
        query: plain,
        // Valid against the operation's where, select, populate and joins schemas (the Local layer checks each
        // Where's paths and operators again, with the messages above).
        structured: structured as QueryObjects,
        body,
        req: call.req,
      })
    if (call.method !== 'GET' || !isConditional(meta.kind) || call.req.user) return run()
    // Not modified, unless access turns this caller away (a 304 would tell it the tag is current).
    const refuse = () => refuseIfDenied(cms, meta, call.req, { id: route.params.id })
    stamp ??= contractStamp(document)
    return conditionalRead(cms, { ...call, stamp }, refuse, run)
  }
}

/** The contract's operations as routes, each with its kind and the collection or global it acts on. */
function routesOf(document: ContractDocument) {
  const router = new Router<{ operationId: string; meta: Targeted<OperationMeta> }>({
    staticFirst: true,
  })
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item)) {
      const meta = op['x-cms']
      // A compiler bug, found when the server starts rather than at a request.
      if (!namesTarget(meta))
        throw new Error(`${op.operationId} names no ${KINDS[meta.kind].target} to act on.`)
      router.add(method, path, { operationId: op.operationId, meta })
    }
  return router
}

/** The handler of the request's kind, given the request typed for that kind. */
const handlers: RestHandlers = kinds
const serve = <K extends RestKind>(cms: Cms, r: RestRequest<K> & { meta: { kind: K } }) =>
  handlers[r.meta.kind](cms, r)

/** A named parameter of an Ajv error (`missingProperty`, `additionalProperty`). */
const stringParam = (params: unknown, name: string) =>
  isRecord(params) && typeof params[name] === 'string' ? params[name] : undefined

const numberParam = (params: unknown, key: string): number | undefined => {
  const v =
    params && typeof params === 'object' ? (params as Record<string, unknown>)[key] : undefined
  return typeof v === 'number' ? v : undefined
}

/** The request validator's Ajv errors → one 400 naming each failing parameter, or a ValidationError for body fields. */
function validationError(
  ajvErrors: { instancePath: string; keyword: string; params: unknown; message?: string }[],
): APIError {
  // An `if` rule's own error ("must match then schema") only repeats the field errors of its `then`.
  const errors = ajvErrors
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const where = e.instancePath.replace(/^\//, '').split('/')
      const [part, ...rest] = where
      const missing =
        e.keyword === 'required' ? stringParam(e.params, 'missingProperty') : undefined
      const extra =
        e.keyword === 'additionalProperties'
          ? stringParam(e.params, 'additionalProperty')
          : undefined
      const field = [...rest, missing ?? extra].filter(Boolean).join('.')
      const rows =
        e.keyword === 'maxItems' && part === 'requestBody'
          ? numberParam(e.params, 'limit')
          : undefined
      const message =
        rows !== undefined
          ? `must NOT have more than ${rows} items (the field's maxRows, or limits.rows.maxPerField for array and blocks fields)`
          : extra
            ? part === 'query'
              ? rest.length === 0
                ? 'is not a parameter of this operation'
                : 'is not allowed here (unknown field or operator)'
              : 'This field does not exist.'
            : (e.message ?? 'is invalid')
      return { part, field, message }
    })
  const bodyErrors = errors.filter((e) => e.part === 'requestBody')
  if (bodyErrors.length === errors.length && bodyErrors.length > 0) {
    return new ValidationError({
      errors: bodyErrors.map((e) => ({
        message: e.field ? e.message : `The body ${e.message}`,
        path: e.field,
        label: e.field || 'body',
      })),
    })
  }
  const text = errors
    .map(
      (e) =>
        `${e.part === 'requestBody' ? 'body' : e.part}${e.field ? ` ${e.field}` : ''}: ${e.message}`,
    )
    .join('; ')
  return new BadRequest(
    `Invalid request: ${text}.`,
    errors.map((e) => ({
      path: [e.part === 'requestBody' ? 'body' : e.part, e.field].filter(Boolean).join('.'),
      message: e.message,
    })),
  )
}
