import type { Logger } from 'pino'
import type { ContractDocument } from '../contracts/operation.ts'
import { answerViolation } from './conformance.ts'
import type { EndpointRoute } from './endpoints.ts'
import type { RawReply } from './pages.ts'

/**
 * Development check of custom endpoints: a handler writes its answer itself, so only the server sees whether it
 * is the one the endpoint's `openapi` fragment declares (with the CMS's defaults, server/contracts/openapi.ts).
 * Each answer of a custom endpoint (the handler's, an error it threw, or the CMS's own refusal around it) is
 * checked against its operation, and a mismatch is logged at `warn` ("custom endpoint answer contradicts the
 * contract") with the operationId, method, path, status and what is wrong. The answer itself is never changed
 * or held back. On unless `NODE_ENV=production` (AppOptions.checkEndpoints decides otherwise); the validator is
 * built on the first custom endpoint answer, so a server whose endpoints are not called pays nothing.
 */
export type EndpointCheck = (
  route: EndpointRoute,
  call: { method: string; path: string },
  reply: RawReply,
  log: Logger,
) => Promise<void>

const JSON_TYPE = /^application\/(.+\+)?json\b/i

/** The operationId of each custom endpoint, keyed `<collection>:<index>` (`:<index>` for top-level ones). */
function endpointOperations(document: ContractDocument): Map<string, string> {
  const ids = new Map<string, string>()
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item))
      if (op['x-cms']?.kind === 'endpoint')
        ids.set(`${op['x-cms'].collection ?? ''}:${op['x-cms'].endpoint}`, op.operationId)
  return ids
}

function contentTypeOf(reply: RawReply): string | null {
  for (const [k, v] of Object.entries(reply.headers ?? {}))
    if (k.toLowerCase() === 'content-type') return v
  return reply.body !== undefined ? 'application/json' : null
}

/** The body as the conformance check reads it: parsed JSON for a JSON type, else the text (undefined if empty). */
function bodyOf(reply: RawReply, contentType: string | null): { body?: unknown; error?: string } {
  if (reply.body !== undefined) return { body: reply.body }
  const text = reply.raw?.toString('utf8') ?? ''
  if (!text) return {}
  if (!contentType || !JSON_TYPE.test(contentType)) return { body: text }
  try {
    const body: unknown = JSON.parse(text)
    return { body }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { error: `the body is not the JSON its content type says: ${message}` }
  }
}

export function endpointCheck(document: ContractDocument): EndpointCheck {
  const ids = endpointOperations(document)
  // Loaded on the first custom endpoint answer: openapi-backend and its parsers are not needed before.
  const api = () => import('./validator.ts').then((m) => m.initialisedBackend(document))
  return async (route, call, reply, log) => {
    const operationId = ids.get(`${route.collection ?? ''}:${route.index}`)
    // An endpoint a generated route of the same path replaced in the document has no operation of its own.
    if (!operationId) return
    try {
      const a = await api()
      const op = a.getOperation(operationId)
      if (!op) throw new Error(`The contract has no operation ${operationId}.`)
      const contentType = contentTypeOf(reply)
      const { body, error } = bodyOf(reply, contentType)
      const violation = error
        ? { message: error }
        : answerViolation(a, op, reply.status, body, contentType)
      if (violation)
        log.warn(
          {
            operationId,
            method: call.method,
            path: call.path,
            status: reply.status,
            contentType,
            violation: violation.message,
            ...(violation.errors ? { errors: violation.errors } : {}),
          },
          'custom endpoint answer contradicts the contract',
        )
    } catch (err) {
      // The check is a development aid: its own failure is logged, never the caller's problem.
      log.error({ err, operationId }, 'custom endpoint check failed')
    }
  }
}
