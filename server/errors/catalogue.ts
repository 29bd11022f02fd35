/**
 * The one error table: every code an `APIError` carries, with its HTTP status, the contract's response
 * component for REST answers (`#/components/responses/<response>`, body `{ errors: [{ name, message, data? }] }`),
 * and the GraphQL `extensions.code`. The problem+json title of the orders API comes from the status
 * (`STATUS_TITLES`). The REST and orders error bodies (`http/errors.ts`), GraphQL errors (`http/graphql/errors.ts`)
 * and the OpenAPI compiler's response declarations all read this table.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, response: 'BadRequest', graphql: 'BAD_USER_INPUT' },
  VALIDATION: { status: 400, response: 'BadRequest', graphql: 'BAD_USER_INPUT' },
  QUERY: { status: 400, response: 'BadRequest', graphql: 'BAD_USER_INPUT' },
  LIMIT_EXCEEDED: { status: 400, response: 'BadRequest', graphql: 'LIMIT_EXCEEDED' },
  UNAUTHORIZED: { status: 401, response: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  AUTHENTICATION: { status: 401, response: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  LOCKED_AUTH: { status: 401, response: 'Unauthorized', graphql: 'UNAUTHENTICATED' },
  FORBIDDEN: { status: 403, response: 'Forbidden', graphql: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, response: 'NotFound', graphql: 'NOT_FOUND' },
  CONFLICT: { status: 409, response: 'Conflict', graphql: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, response: 'PayloadTooLarge', graphql: 'PAYLOAD_TOO_LARGE' },
  LOCKED: { status: 423, response: 'Locked', graphql: 'LOCKED' },
  UNPROCESSABLE: { status: 422, response: 'BadRequest', graphql: 'BAD_USER_INPUT' },
  RATE_LIMITED: { status: 429, response: 'TooManyRequests', graphql: 'TOO_MANY_REQUESTS' },
  INTERNAL: { status: 500, response: 'InternalError', graphql: 'INTERNAL_SERVER_ERROR' },
  UNAVAILABLE: { status: 503, response: 'ServiceUnavailable', graphql: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { status: number; response: string; graphql: string }>

export type ErrorCode = keyof typeof ERROR_CATALOGUE
export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CATALOGUE, code)
export type ErrorStatus = (typeof ERROR_CATALOGUE)[ErrorCode]['status']

/** RFC 9110 reason phrases: the problem+json `title` of each status. */
export const STATUS_TITLES: Record<ErrorStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** The code of an error raised with a status only: the first catalogue entry with that status. */
export function codeForStatus(status: number): ErrorCode {
  const code = Object.keys(ERROR_CATALOGUE)
    .filter(isErrorCode)
    .find((c) => ERROR_CATALOGUE[c].status === status)
  return code ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')
}

/** The REST response component of a status (what the compiler declares for it). */
export function responseForStatus(status: ErrorStatus): string {
  return ERROR_CATALOGUE[codeForStatus(status)].response
}
