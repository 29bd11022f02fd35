/**
 * The paths of the config's custom endpoints (`endpoints` of the config and of each collection): the
 * endpoint's `openapi` fragment, with the CMS's defaults for what it leaves out.
 */
import type { Endpoint } from '../../config/types.ts'
import type { ErrorStatus } from '../../errors/catalogue.ts'
import { json, type Operation, type OperationMeta, type PathItem } from '../operation.ts'
import { openapiPath } from '../../config/names.ts'
import type { Schema } from '../schemas.ts'
import { errors } from './shared.ts'

/**
 * What the CMS itself answers around a custom endpoint's handler, with the error body, whatever the handler
 * does: 400 (a malformed request, or a body `req.json()` refuses), 403 on a method that writes (a
 * cookie-authenticated request from an origin it does not allow, middleware/authenticate.ts), 413 on a method
 * with a body (over the body limit), 500 (the handler throws something other than an APIError) and 503
 * (authenticating the caller reads the database). No 401 (a stale credential leaves `req.user` null on custom
 * endpoints) and no 404 (the route matched). Every other answer, and an `APIError` the handler throws (the
 * error body with its status), is the handler's: its `openapi.responses` declares it.
 */
export function endpointDefaultStatuses(
  method: Endpoint['method'],
  isPublic = false,
): ErrorStatus[] {
  const writes = !['get', 'head', 'options'].includes(method)
  const body = ['post', 'put', 'patch', 'delete'].includes(method)
  return [
    400,
    // A credential that does not authenticate is a 401 unless the endpoint declares `security: []`.
    ...(isPublic ? [] : [401 as const]),
    ...(writes ? [403 as const] : []),
    ...(body ? [413 as const] : []),
    500,
    503,
  ]
}

/**
 * The responses of a custom endpoint: the fragment's, and the CMS's defaults for the statuses it leaves out. A
 * status the fragment declares, itself or through its range (`4XX`), wins: the handler's own body for it is
 * what the contract says (the fragment describes the CMS's error body there too, `#/components/schemas/Error`,
 * when both can happen). Without `responses`, any JSON at any status: such a handler (a Payload plugin's, which
 * answers `{ message, success: false }` with a 400 or 404 of its own) may answer anything, and so may the CMS
 * around it (its error body).
 */
function endpointResponses(e: Endpoint): Schema {
  if (!e.openapi?.responses)
    return {
      200: json({}, 'Whatever the handler answers (this endpoint declares no schema)'),
      // The HTTP parser's 400 (declareParserRefusals) would otherwise claim the error body for the handler's own.
      400: json({}, "The handler's own answer, or the CMS's error body for a malformed request"),
      default: json(
        {},
        "The handler's own answer at another status, or the CMS's error body (#/components/schemas/Error) for a request it refuses around the handler",
      ),
    }
  const own: Schema = e.openapi.responses
  const declared = new Set(Object.keys(own).map((k) => k.toUpperCase()))
  const security = e.openapi?.security
  const isPublic = Array.isArray(security) && security.length === 0
  const defaults = endpointDefaultStatuses(e.method, isPublic).filter(
    (code) => !declared.has(String(code)) && !declared.has(`${String(code)[0]}XX`),
  )
  return { ...errors(...defaults), ...own }
}

export function endpointPath(
  paths: Record<string, PathItem>,
  path: string,
  e: Endpoint,
  fallbackId: string,
  meta: OperationMeta,
  tags: string[],
): void {
  const p = openapiPath(path)
  const params = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  const doc = e.openapi ?? {}
  // The fragment's parameters win over the path's own (same name and place).
  const given = doc.parameters ?? []
  const parameters = [
    ...params.filter((a) => !given.some((b) => b.name === a.name && b.in === a.in)),
    ...given,
  ]
  const op: Operation = {
    operationId: doc.operationId ?? fallbackId,
    summary: doc.summary ?? `Custom endpoint ${e.method.toUpperCase()} ${path}`,
    ...(doc.description ? { description: doc.description } : {}),
    tags,
    'x-cms': meta,
    ...(parameters.length ? { parameters } : {}),
    ...(doc.security ? { security: doc.security } : {}),
    ...(doc.requestBody
      ? { requestBody: doc.requestBody }
      : e.method === 'get' || e.method === 'head' || e.method === 'delete'
        ? {}
        : { requestBody: { required: false, content: { 'application/json': { schema: {} } } } }),
    responses: endpointResponses(e),
  }
  paths[p] = { ...paths[p], [e.method]: op }
}
