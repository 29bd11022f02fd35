/**
 * The finishing of the document: the statuses every operation can meet declared on each (checked against its
 * handler's), the unused responses left out, and the document assembled (info, security, tags, sorted paths
 * and components).
 */
import { staticText } from '../../config/admin.ts'
import { adminDescription } from '../admin-description.ts'
import { isRecord } from '../../utilities/is-record.ts'
import type { SanitizedConfig } from '../../config/types.ts'
import { responseForStatus, type ErrorStatus } from '../../errors/catalogue.ts'
import { isConditional, isOperationKind, KINDS } from '../../config/kinds.ts'
import {
  declareParserRefusals,
  type ContractDocument,
  type Operation,
  type PathItem,
} from '../operation.ts'
import { cookieName } from '../../auth/cookies.ts'
import { collectionNames, typeName } from '../../config/names.ts'
import type { Schema } from '../schemas.ts'

/**
 * The success statuses an operation declares are the ones its kind's handler may answer (`kinds.ts`): the
 * handlers are typed from the same table, so the contract and the server cannot disagree. Custom endpoints
 * declare their own.
 */
function checkSuccessStatuses(op: Operation, method: string, path: string): void {
  const kind = op['x-cms'].kind
  if (!isOperationKind(kind))
    throw new Error(`${method.toUpperCase()} ${path}: unknown operation kind "${kind}".`)
  if (kind === 'endpoint') return
  const declared = Object.keys(op.responses).map(Number)
  const expected: readonly number[] = KINDS[kind].statuses
  const success = declared.filter((status) => status < 400)
  if (!expected.every((s) => declared.includes(s)) || !success.every((s) => expected.includes(s))) {
    throw new Error(
      `${method.toUpperCase()} ${path} (${kind}) declares ${declared.join(', ')}; its handler answers ${expected.join(', ')}.`,
    )
  }
}

/** A webhook's Path Item (top-level `webhooks`): no `x-cms`, the server does not route it. */
type WebhookItem = Record<string, { tags?: string[] }>

/** Every tag an operation uses, described, in order of first use. */
function tagsOf(
  config: SanitizedConfig,
  paths: Record<string, PathItem>,
  webhooks: Record<string, WebhookItem>,
) {
  const described = new Map<string, string>([
    ['System', 'Health, the contracts themselves and the API reference'],
    ['Globals', 'Single documents of the config (site settings and the like)'],
    ['Custom', 'Endpoints the config adds at the API root'],
    ['Access', "The caller's permissions"],
    ['Orders API v1', 'Orders with strict ownership: a caller sees and changes only its own'],
    ['Webhooks', 'Events the CMS POSTs to subscribers, signed as Standard Webhooks says'],
  ])
  for (const c of config.collections)
    described.set(
      collectionNames(c).plural,
      staticText(c.admin?.description) ?? `The ${c.labels.plural} collection`,
    )
  const names = new Set<string>()
  for (const item of [...Object.values(paths), ...Object.values(webhooks)])
    for (const op of Object.values(item))
      for (const tag of (op.tags as string[] | undefined) ?? []) names.add(tag)
  return [...names].map((name) => ({ name, description: described.get(name) ?? name }))
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']
function sortMethods(item: PathItem): PathItem {
  return Object.fromEntries(
    Object.entries(item).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
  )
}
function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))
}

/**
 * Statuses any operation can meet, declared everywhere they apply: a request the HTTP parser refuses (400,
 * 431; the contract files and custom endpoints too), a bad parameter or body (400), an
 * oversize body on a method that may carry one (413), a dead token where a token is read (401), and a database
 * that is unavailable, or (on a write) lost the connection while committing (503).
 */
export function declareCommonResponses(paths: Record<string, PathItem>): void {
  for (const [p, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      op.description ??= KINDS[op['x-cms'].kind].description
      const responses = op.responses
      const v1 = p.startsWith('/v1/')
      const ref = (code: ErrorStatus) => ({
        $ref: `#/components/responses/${v1 ? `Problem${code}` : responseForStatus(code)}`,
      })
      declareParserRefusals(responses, ref(400))
      if (op['x-cms'].kind === 'static' || op['x-cms'].kind === 'endpoint') continue
      if (method !== 'get' && !responses['413']) responses['413'] = ref(413)
      if (!responses['503']) responses['503'] = ref(503)
      if (!responses['500']) responses['500'] = ref(500)
      const isPublic = Array.isArray(op.security) && op.security.length === 0
      if (!isPublic && !responses['401']) responses['401'] = ref(401)
      if (isConditional(op['x-cms'].kind)) declareConditional(op)
      op.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      )
      checkSuccessStatuses(op, method, p)
    }
  }
}

/**
 * A conditional read (http/conditional.ts): `If-None-Match`, the caching headers of its 200, and the 304 it
 * answers a current tag with (no body).
 */
function declareConditional(op: Operation): void {
  op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IfNoneMatch' }]
  const ok = op.responses['200'] as Schema | undefined
  if (ok && !('$ref' in ok))
    ok.headers = { ...(isRecord(ok.headers) ? ok.headers : {}), ...CACHE_HEADERS }
  op.responses['304'] = { $ref: '#/components/responses/NotModified' }
}

const CACHE_HEADERS = {
  ETag: {
    description: "The answer's strong entity tag (anonymous reads): send it back in If-None-Match.",
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      '`public, max-age=0, must-revalidate` for an anonymous read, `no-store` for an authenticated one.',
    schema: { type: 'string' },
  },
  Vary: { schema: { type: 'string' } },
}

/** The components of conditional reads. */
export const conditionalComponents = {
  parameter: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'Entity tags of answers the caller holds: when one is current (no write since), the answer is 304 without a body. Anonymous reads only.',
    schema: { type: 'string' },
  },
  response: {
    description: 'Not modified: the tag in If-None-Match is current (no body).',
    headers: CACHE_HEADERS,
  },
}

/** The document: info, servers, security, tags, the paths and the components. */
export function assembleDocument(
  config: SanitizedConfig,
  paths: Record<string, PathItem>,
  acyclic: Record<string, Schema>,
  parameters: Record<string, Schema>,
  responses: Record<string, Schema>,
  webhooks?: Record<string, WebhookItem>,
): ContractDocument {
  // Response components no operation uses are left out (linters flag them).
  const used = JSON.stringify(paths)
  for (const name of Object.keys(responses))
    if (!used.includes(`"#/components/responses/${name}"`)) delete responses[name]

  const api = config.routes.api
  const apiKeys = config.collections
    .filter((c) => c.auth && c.auth.useAPIKey)
    .map((c) => c.slug)
    .join(', ')
  return {
    openapi: '3.1.0',
    info: {
      title: `${typeName(config.serverURL ? new URL(config.serverURL).hostname : 'CMS')} API`,
      version: '1.0.0',
      description: 'Compiled from the CMS config. Do not edit: run `npm run generate`.',
    },
    servers: [{ url: api }],
    security: [
      {},
      { bearerAuth: [] },
      { jwtAuth: [] },
      { cookieAuth: [] },
      ...(apiKeys ? [{ apiKeyAuth: [] }] : []),
    ],
    tags: tagsOf(config, paths, webhooks ?? {}),
    'x-cms-admin': adminDescription(config),
    paths: Object.fromEntries(Object.entries(paths).map(([p, item]) => [p, sortMethods(item)])),
    ...(webhooks && { webhooks }),
    components: {
      schemas: sortKeys(acyclic),
      parameters,
      responses,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: '`Authorization: Bearer <token>`',
        },
        jwtAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "`Authorization: JWT <token>` (Payload's form)",
        },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: cookieName(config),
          description: 'HTTP-only cookie set by login; unsafe methods need an allowed Origin',
        },
        ...(apiKeys && {
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: `\`Authorization: <collection> API-Key <key>\` (Payload's form), for the users of ${apiKeys} with an API key enabled`,
          },
        }),
      },
    },
  }
}
