import type { OpenAPIBackend, Operation } from 'openapi-backend'

/**
 * Whether an answer is one the contract declares for its operation: a declared status (the code, its range
 * `4XX`, or `default`), a body only where the response has content, a declared media type, and a JSON body
 * valid against the response's schema. The one conformance rule of the project: the tests check every answer
 * with it (test/helpers/http.ts), and in development the server checks custom endpoints' answers with it
 * (endpoint-check.ts). openapi-backend compiles only `application/json` response schemas, so another media
 * type is checked for its status and type, not its body.
 */
/** An operation of the contract, as openapi-backend answers it (`getOperation`, `matchOperation`). */
export type DeclaredOperation = Operation

export interface AnswerViolation {
  message: string
  /** Ajv's errors (at most 5), when the body is what does not match. */
  errors?: unknown[]
}

const JSON_TYPE = /^application\/(.+\+)?json\b/i

function declaredResponse(op: DeclaredOperation, status: number) {
  const responses = op.responses ?? {}
  const response =
    responses[String(status)] ??
    responses[`${Math.floor(status / 100)}XX`] ??
    responses[`${Math.floor(status / 100)}xx`] ??
    responses.default
  // A shared response (`$ref`) declares no content of its own here.
  return response && { content: 'content' in response ? response.content : undefined }
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  const type = actual.split(';')[0].trim().toLowerCase()
  const d = declared.toLowerCase()
  if (d === '*/*' || d === type) return true
  return d.endsWith('/*') && type.startsWith(d.slice(0, -1))
}

/** What is wrong with `body` (parsed JSON, or the text) answered with `status` by `op`; undefined when nothing. */
export function answerViolation(
  api: OpenAPIBackend,
  op: DeclaredOperation,
  status: number,
  body: unknown,
  contentType: string | null,
): AnswerViolation | undefined {
  const declared = declaredResponse(op, status)
  if (!declared)
    return {
      message: `status ${status} is not declared for ${op.operationId} (declared: ${Object.keys(op.responses ?? {}).join(', ')})`,
    }
  if (!declared.content) {
    if (body !== undefined && body !== '')
      return {
        message: `${op.operationId} declares no body for ${status}, got ${JSON.stringify(body).slice(0, 500)}`,
      }
    return undefined
  }
  const mediaTypes = Object.keys(declared.content)
  if (contentType && !mediaTypes.some((m) => mediaTypeMatches(m, contentType)))
    return {
      message: `content type ${contentType}, the contract of ${op.operationId} says ${mediaTypes.join(' or ')} for ${status}`,
    }
  if (contentType && !JSON_TYPE.test(contentType)) return undefined
  // openapi-backend validates against the `application/json` schema when the response has one: an answer of
  // another JSON type beside it (the orders API's problem+json next to the parser's error body) has its own.
  const type = contentType?.split(';')[0].trim().toLowerCase()
  if (type && type !== 'application/json' && 'application/json' in declared.content)
    return undefined
  const result = api.validateResponse(body, op, status)
  if (result.errors?.length)
    return {
      message: `the body does not match the contract of ${op.operationId} for ${status}`,
      errors: result.errors.slice(0, 5),
    }
  return undefined
}
