import type { OperationKind } from '../config/kinds.ts'
import { schemaAt, type Schema } from './refs.ts'
import { maxPage } from '../local/params.ts'

/** The `x-cms` extension of an operation: the kind that serves it, and what it is about. */
export interface OperationMeta {
  kind: OperationKind
  collection?: string
  global?: string
  endpoint?: number
}

export type Operation = Schema & {
  operationId: string
  tags?: string[]
  parameters?: Schema[]
  responses: Schema
  'x-cms': OperationMeta
}
export type PathItem = Record<string, Operation>
/** The compiled OpenAPI document, its paths as the compiler built them. */
export type ContractDocument = Schema & { paths: Record<string, PathItem> }

export const json = (schema: Schema, description: string): Schema => ({
  description,
  content: { 'application/json': { schema } },
})

export function body(schema: Schema, description?: string): Schema {
  return {
    required: true,
    ...(description ? { description } : {}),
    content: { 'application/json': { schema } },
  }
}

/**
 * What Node's HTTP parser refuses before any route sees the request (server/http/client-error.ts), so every
 * operation can answer it, whatever it reads: a malformed request (an invalid character in a header such as
 * `Authorization`, a malformed request line or chunked body: 400) and a request line plus headers over the
 * size limit (a long query string, mostly: 431). The route is not known yet, so the body is the CMS error body
 * on every path: on the orders API the 400 lists it beside problem details (`parserBody`).
 */
export function declareParserRefusals(
  responses: Record<string, unknown>,
  badRequest: { $ref: string },
): void {
  responses['400'] ??= badRequest
  responses['431'] ??= { $ref: '#/components/responses/RequestHeaderFieldsTooLarge' }
}

/** The 431 response component, and the parser's 400 body added to a response that has another media type. */
export const headersTooLarge = (error: Schema): Schema => ({
  description:
    'The request line and headers together exceed the server limit (16 KiB by default; a long query string, usually). Answered before the route is known: the CMS error body on every path',
  content: { 'application/json': { schema: error } },
})

export function parserBody(response: Schema | undefined, error: Schema): void {
  const content = schemaAt(response, 'content')
  if (content) content['application/json'] ??= { schema: error }
}

/**
 * `page` of a list: at most `maxPage` (the SQL offset stays a safe integer; past it the server answers 400 naming
 * `page`, as the contract validator does).
 */
export function pageParameter(maxLimit: number): Schema {
  const max = maxPage(maxLimit)
  return {
    name: 'page',
    in: 'query',
    description: `Page number, from 1 to ${max} (⌊(2^53 - 1) / maxLimit⌋, so the offset stays exact).`,
    schema: { type: 'integer', minimum: 1, maximum: max },
  }
}
