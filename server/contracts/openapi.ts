import type {
  Endpoint,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
} from '../config/types.ts'
import { responseForStatus, type ErrorStatus } from '../errors/catalogue.ts'
import { isOperationKind, SUCCESS_STATUSES, type OperationKind } from './kinds.ts'
import { body, json, type Operation, type OperationMeta, type PathItem } from './operation.ts'
import { ordersComponents, ordersPaths } from '../orders/contract.ts'
import { WHERE_MAX_NESTING } from '../db/where.ts'
import { SELECT_SYSTEM_FIELDS } from '../local/select.ts'
import { unrollCycles } from './unroll.ts'

export type { OperationMeta } from './operation.ts'
import { collectionNames, globalName, openapiPath, pathWords, typeName } from '../config/names.ts'
import {
  documentSchema,
  inputSchema,
  objectSchema,
  ref,
  selectSchema,
  whereComponents,
  whereSchema,
  type Schema,
  type SchemaContext,
} from './schemas.ts'

/**
 * The OpenAPI 3.1 contract of the REST API, a pure function of the sanitised config. Every operation carries a
 * stable `operationId` (see docs/contracts.md for the scheme) and an `x-cms` extension telling the server which
 * Local operation serves it, so the server routes and validates by the contract alone.
 */

const param = (name: string): Schema => ({ $ref: `#/components/parameters/${name}` })
/** Error responses by status, named from the error catalogue (`server/errors/catalogue.ts`). */
const errors = (...codes: ErrorStatus[]): Schema =>
  Object.fromEntries(
    codes.map((c) => [String(c), { $ref: `#/components/responses/${responseForStatus(c)}` }]),
  )
const MESSAGE = { type: 'string' }

function readParams(c: SanitizedConfig, drafts: boolean, select: string): Schema[] {
  const list = [param('depth'), selectParam(select), param('populate')]
  if (c.localization) list.push(param('locale'), param('fallbackLocale'))
  if (drafts) list.push(param('draft'))
  return list
}

/**
 * A structured query parameter sent as JSON text: `type: string` with the object's schema as `contentSchema`,
 * so a client generated with any tool's defaults sends it as one plain value (`where=%7B...%7D`), and the
 * server (which also takes Payload's bracket syntax) validates the parsed object against `contentSchema`.
 */
function jsonParam(
  name: string,
  schema: Schema,
  description: string,
  example: string,
  required = false,
): Schema {
  return {
    name,
    in: 'query',
    required,
    description,
    schema: { type: 'string', contentMediaType: 'application/json', contentSchema: schema },
    example,
  }
}

function whereParam(config: SanitizedConfig, name: string, required = false): Schema {
  const { maxConditions, maxValues, maxValueLength } = config.limits.where
  return jsonParam(
    'where',
    ref(name),
    `A filter (the \`${name}\` schema), as JSON: \`?where={"title":{"equals":"x"}}\`; Payload's bracket syntax (\`?where[title][equals]=x\`) is accepted too, and repeated conditions are ANDed. ` +
      `And/or lists nest at most ${WHERE_MAX_NESTING} levels. At most ${maxConditions} conditions, ${maxValues} values (list items, like words) and ${maxValueLength} characters a value (limits.where): more is a 400 LimitExceeded.`,
    // A bulk update or delete must not match anything by example.
    required ? '{"id":{"equals":0}}' : '{"id":{"exists":true}}',
    required,
  )
}

function selectParam(name: string): Schema {
  return jsonParam(
    'select',
    ref(name),
    `Fields to return (the \`${name}\` schema), as JSON: \`{"title":true}\` keeps only those, \`{"body":false}\` drops those (bracket syntax also accepted).`,
    '{"id":true}',
  )
}

function collectionPaths(
  config: SanitizedConfig,
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  ctx: SchemaContext,
): void {
  const { singular, plural } = collectionNames(c)
  const base = `/${c.slug}`
  const drafts = Boolean(c.versions && c.versions.drafts)
  const tag = [plural]
  const doc = ref(singular)
  const where = `${singular}Where`
  const meta = (kind: OperationKind): OperationMeta => ({ kind, collection: c.slug })
  const read = readParams(config, drafts, `${singular}Select`)
  const writeParams = [
    ...read.filter((p) => p.$ref !== param('draft').$ref),
    ...(drafts ? [param('draft')] : []),
  ]
  const docMessage = {
    type: 'object',
    required: ['doc', 'message'],
    properties: { doc, message: MESSAGE },
  }
  const bulk = {
    type: 'object',
    required: ['docs', 'errors', 'message'],
    properties: {
      docs: { type: 'array', items: doc },
      errors: ref('BulkErrors'),
      message: MESSAGE,
    },
  }
  // Writes setting a password of an auth collection count against the per-address passwordChange limit.
  const limited: ErrorStatus[] = c.auth ? [429] : []

  paths[base] = {
    get: {
      operationId: `find${plural}`,
      summary: `List ${c.labels.plural}`,
      tags: tag,
      'x-cms': meta('find'),
      parameters: [
        whereParam(config, where),
        param('limit'),
        param('page'),
        param('pagination'),
        param('sort'),
        ...read,
      ],
      responses: {
        200: json(ref(`${plural}List`), `A page of ${c.labels.plural}`),
        ...errors(400, 401, 403, 500),
      },
    },
    post: {
      operationId: `create${singular}`,
      summary: `Create a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('create'),
      parameters: writeParams,
      requestBody: body(ref(`${singular}CreateInput`)),
      responses: {
        201: json(docMessage, 'Created'),
        ...errors(400, 401, 403, 413, ...limited, 500),
      },
    },
    patch: {
      operationId: `update${plural}`,
      summary: `Update every ${c.labels.singular} matching where`,
      tags: tag,
      'x-cms': meta('updateMany'),
      parameters: [whereParam(config, where, true), ...writeParams],
      requestBody: body(ref(`${singular}UpdateInput`)),
      responses: {
        200: json(bulk, 'The updated documents, and the ones that failed'),
        ...errors(400, 401, 403, 413, ...limited, 500),
      },
    },
    delete: {
      operationId: `delete${plural}`,
      summary: `Delete every ${c.labels.singular} matching where`,
      tags: tag,
      'x-cms': meta('deleteMany'),
      parameters: [whereParam(config, where, true), param('depth')],
      responses: {
        200: json(bulk, 'The deleted documents, and the ones that failed'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  paths[`${base}/count`] = {
    get: {
      operationId: `count${plural}`,
      summary: `Count ${c.labels.plural}`,
      tags: tag,
      'x-cms': meta('count'),
      parameters: [
        whereParam(config, where),
        ...(config.localization ? [param('locale')] : []),
        ...(drafts ? [param('draft')] : []),
      ],
      responses: {
        200: json(ref('Count'), 'The number of matching documents'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  if (c.versions) {
    const version = ref(`${singular}Version`)
    paths[`${base}/versions`] = {
      get: {
        operationId: `find${singular}Versions`,
        summary: `List versions of ${c.labels.plural}`,
        tags: tag,
        'x-cms': meta('findVersions'),
        parameters: [
          whereParam(config, `${singular}VersionWhere`),
          param('limit'),
          param('page'),
          param('pagination'),
          param('sort'),
          param('depth'),
          selectParam(`${singular}VersionSelect`),
          ...(config.localization ? [param('locale'), param('fallbackLocale')] : []),
        ],
        responses: {
          200: json(ref(`${singular}VersionsList`), 'A page of versions, newest first'),
          ...errors(400, 401, 403, 500),
        },
      },
    }
    paths[`${base}/versions/{id}`] = {
      get: {
        operationId: `find${singular}VersionByID`,
        summary: `One version of a ${c.labels.singular}`,
        tags: tag,
        'x-cms': meta('findVersionByID'),
        parameters: [
          param('id'),
          param('depth'),
          ...(config.localization ? [param('locale'), param('fallbackLocale')] : []),
        ],
        responses: { 200: json(version, 'The version'), ...errors(400, 401, 403, 404, 500) },
      },
      post: {
        operationId: `restore${singular}Version`,
        summary: `Restore a version of a ${c.labels.singular}`,
        tags: tag,
        'x-cms': meta('restoreVersion'),
        parameters: [param('id'), param('depth'), ...(drafts ? [param('draft')] : [])],
        responses: {
          200: json(
            {
              ...documentSchema(c, ctx),
              required: ['id', 'message'],
              properties: { ...(documentSchema(c, ctx).properties as Schema), message: MESSAGE },
            },
            'The restored document, with a message',
          ),
          ...errors(400, 401, 403, 404, 500),
        },
      },
    }
  }
  if (c.auth) authPaths(c, paths, singular, tag)
  for (const [i, e] of c.endpoints.entries()) {
    endpointPath(
      paths,
      `${base}${e.path}`,
      e,
      `${e.method}${singular}${pathWords(e.path)}`,
      { kind: 'endpoint', collection: c.slug, endpoint: i },
      tag,
    )
  }
  // By-id routes come after the fixed ones (`/count`, `/versions`, `/login`, custom endpoints) in the document too.
  paths[`${base}/{id}`] = {
    get: {
      operationId: `find${singular}ByID`,
      summary: `One ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('findByID'),
      parameters: [param('id'), ...read],
      responses: { 200: json(doc, `The ${c.labels.singular}`), ...errors(400, 401, 403, 404, 500) },
    },
    patch: {
      operationId: `update${singular}`,
      summary: `Update a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('update'),
      parameters: [param('id'), ...writeParams],
      requestBody: body(ref(`${singular}UpdateInput`)),
      responses: {
        200: json(docMessage, 'Updated'),
        ...errors(400, 401, 403, 404, 413, ...limited, 500),
      },
    },
    delete: {
      operationId: `delete${singular}`,
      summary: `Delete a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('delete'),
      parameters: [param('id'), param('depth')],
      responses: { 200: json(docMessage, 'Deleted'), ...errors(400, 401, 403, 404, 500) },
    },
  }
}

function authPaths(
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  singular: string,
  tag: string[],
): void {
  const base = `/${c.slug}`
  const user = ref(singular)
  const meta = (kind: OperationKind): OperationMeta => ({ kind, collection: c.slug })
  // With loginWithUsername the account is named by username, or (allowEmailLogin) by either.
  const byName = c.auth ? c.auth.loginWithUsername : false
  const names = byName ? (byName.allowEmailLogin ? ['email', 'username'] : ['username']) : ['email']
  const either = (schema: Schema): Schema =>
    names.length > 1 ? { ...schema, anyOf: names.map((n) => ({ required: [n] })) } : schema
  const nameProps = (extra: Schema = {}) =>
    Object.fromEntries(names.map((n) => [n, { type: 'string', ...extra }]))
  const credentials = either({
    type: 'object',
    required: [...(names.length > 1 ? [] : names), 'password'],
    properties: { ...nameProps(), password: { type: 'string' } },
  })
  const session = (token: string, extra: Schema = {}) => ({
    type: 'object',
    required: ['message', token, 'exp', 'user'],
    properties: {
      message: MESSAGE,
      [token]: { type: 'string' },
      exp: { type: 'integer', description: 'Expiry, in seconds since the epoch.' },
      user,
      ...extra,
    },
  })
  paths[`${base}/login`] = {
    post: {
      operationId: `login${singular}`,
      summary: `Log in with ${names.join(' or ')} and password`,
      tags: tag,
      'x-cms': meta('login'),
      security: [],
      parameters: [param('depth')],
      requestBody: body(credentials),
      responses: {
        200: json(session('token'), 'Logged in; the token is also set as the cms-token cookie'),
        // 403: a beforeLogin or afterLogin hook refused the login.
        ...errors(400, 401, 403, 429, 500),
      },
    },
  }
  paths[`${base}/logout`] = {
    post: {
      operationId: `logout${singular}`,
      summary: 'End the current session',
      tags: tag,
      'x-cms': meta('logout'),
      parameters: [
        {
          name: 'allSessions',
          in: 'query',
          description:
            'true ends every session of the user (every token of theirs is dead from now on).',
          schema: { type: 'boolean' },
        },
      ],
      responses: {
        200: json(ref('Message'), 'Logged out; the token is dead from now on'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  paths[`${base}/me`] = {
    get: {
      operationId: `me${singular}`,
      summary: 'The logged-in user',
      tags: tag,
      'x-cms': meta('me'),
      parameters: [param('depth')],
      responses: {
        200: json(
          {
            type: 'object',
            required: ['user', 'message'],
            properties: {
              user: { anyOf: [user, { type: 'null' }] },
              message: MESSAGE,
              collection: { type: 'string' },
              token: { type: 'string' },
              exp: { type: 'integer' },
            },
          },
          'The user, or null when not logged in',
        ),
        // 403: an afterMe hook refused.
        ...errors(401, 403, 500),
      },
    },
  }
  paths[`${base}/refresh-token`] = {
    post: {
      operationId: `refreshToken${singular}`,
      summary: 'Exchange the current token for a fresh one',
      tags: tag,
      'x-cms': meta('refreshToken'),
      responses: {
        200: json(session('refreshedToken'), 'A fresh token for the same session'),
        ...errors(401, 403, 500),
      },
    },
  }
  paths[`${base}/forgot-password`] = {
    post: {
      operationId: `forgotPassword${singular}`,
      summary: 'Start a password reset',
      tags: tag,
      'x-cms': meta('forgotPassword'),
      security: [],
      requestBody: body(
        either({
          type: 'object',
          required: names.length > 1 ? [] : names,
          additionalProperties: false,
          properties: nameProps({ maxLength: 254 }),
        }),
      ),
      responses: {
        200: json(ref('Message'), `Accepted (whether or not the ${names.join(' or ')} is known)`),
        // 403: an afterForgotPassword hook refused.
        ...errors(400, 403, 429, 500),
      },
    },
  }
  paths[`${base}/reset-password`] = {
    post: {
      operationId: `resetPassword${singular}`,
      summary: 'Set a new password with a reset token',
      tags: tag,
      'x-cms': meta('resetPassword'),
      security: [],
      requestBody: body({
        type: 'object',
        required: ['token', 'password'],
        additionalProperties: false,
        properties: { token: { type: 'string', maxLength: 256 }, password: { type: 'string' } },
      }),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['message', 'token', 'user'],
            properties: { message: MESSAGE, token: { type: 'string' }, user },
          },
          'Password changed and logged in',
        ),
        ...errors(400, 403, 429, 500),
      },
    },
  }
}

const ENDPOINT_ERRORS: ErrorStatus[] = [400, 401, 403, 404, 500]

function endpointPath(
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
  const given = (doc.parameters ?? []) as { name?: string; in?: string }[]
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
    ...(doc.requestBody
      ? { requestBody: doc.requestBody }
      : e.method === 'get' || e.method === 'head' || e.method === 'delete'
        ? {}
        : { requestBody: { required: false, content: { 'application/json': { schema: {} } } } }),
    // What every endpoint can answer, whatever its fragment declares: a handler decides access itself (401,
    // 403), may not find what it looks for (404) or refuse its input (400), and may fail (500).
    responses: {
      ...errors(...ENDPOINT_ERRORS),
      ...(doc.responses ?? {
        200: json({}, 'Whatever the handler answers (this endpoint declares no schema)'),
      }),
    },
  }
  paths[p] = { ...paths[p], [e.method]: op }
}

function globalPaths(
  config: SanitizedConfig,
  g: SanitizedGlobal,
  paths: Record<string, PathItem>,
): void {
  const name = globalName(g)
  const meta = (kind: OperationKind): OperationMeta => ({ kind, global: g.slug })
  const read = readParams(config, false, `${name}Select`)
  paths[`/globals/${g.slug}`] = {
    get: {
      operationId: `find${name}`,
      summary: `Read ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('findGlobal'),
      parameters: read,
      responses: { 200: json(ref(name), g.label), ...errors(400, 401, 403, 500) },
    },
    post: {
      operationId: `update${name}`,
      summary: `Write ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('updateGlobal'),
      parameters: read,
      requestBody: body(ref(`${name}Input`)),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['message', 'result'],
            properties: { message: MESSAGE, result: ref(name) },
          },
          'Saved',
        ),
        ...errors(400, 401, 403, 413, 500),
      },
    },
  }
}

// ---- orders API (DESIGN.md §6) -------------------------------------------------

// ---- shared components ----------------------------------------------------------

function sharedParameters(config: SanitizedConfig): Record<string, Schema> {
  const params: Record<string, Schema> = {
    id: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'The document id.',
      schema: { type: 'integer', minimum: 1 },
    },
    depth: {
      name: 'depth',
      in: 'query',
      description: `Relation population depth (default ${config.defaultDepth}). The related documents an answer may hold are bounded (limits.population: ${config.limits.population.maxDocs} documents, ${config.limits.population.maxBytes} bytes); past that the answer is a 400 LimitExceeded.`,
      schema: { type: 'integer', minimum: 0, maximum: config.maxDepth },
    },
    limit: {
      name: 'limit',
      in: 'query',
      description: `Page size (default 10; 0 returns every match, at most ${config.maxLimit}: more matches are a 400 LimitExceeded).`,
      schema: { type: 'integer', minimum: 0, maximum: config.maxLimit },
    },
    page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    pagination: {
      name: 'pagination',
      in: 'query',
      description: `false returns every match without a count (with limit 0, at most ${config.maxLimit}).`,
      schema: { type: 'boolean' },
    },
    sort: {
      name: 'sort',
      in: 'query',
      description: 'Field path(s), comma-separated; a leading "-" sorts descending.',
      schema: { type: 'string' },
    },
    populate: jsonParam(
      'populate',
      ref('Populate'),
      'Fields to return of populated documents, by collection slug, as JSON: `{"categories":{"title":true}}`.',
      '{}',
    ),
    draft: {
      name: 'draft',
      in: 'query',
      description: 'Read the newest drafts / save as a draft.',
      schema: { type: 'boolean' },
    },
  }
  if (config.localization) {
    const codes = config.localization.localeCodes
    params.locale = {
      name: 'locale',
      in: 'query',
      description: '"all" (or "*") returns every locale keyed by code.',
      schema: { type: 'string', enum: [...codes, 'all', '*'] },
    }
    params.fallbackLocale = {
      name: 'fallback-locale',
      in: 'query',
      description: '"none" turns fallback off.',
      schema: { type: 'string', enum: [...codes, 'none', 'null', 'false'] },
    }
  }
  return params
}

function sharedSchemas(): Record<string, Schema> {
  return {
    Count: {
      type: 'object',
      required: ['totalDocs'],
      properties: { totalDocs: { type: 'integer', minimum: 0 } },
    },
    Message: { type: 'object', required: ['message'], properties: { message: MESSAGE } },
    BulkErrors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'message'],
        properties: { id: { type: 'integer' }, message: MESSAGE },
      },
    },
    Error: {
      type: 'object',
      required: ['errors'],
      properties: {
        errors: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['message'],
            properties: {
              name: { type: 'string' },
              message: MESSAGE,
              data: {
                description:
                  'For a ValidationError: { collection?, global?, id?, errors: [{ message, path, label }] }.',
              },
            },
          },
        },
      },
    },
    ...whereComponents(),
  }
}

function paginated(items: Schema): Schema {
  const int = { type: 'integer' }
  const maybe = { type: ['integer', 'null'] }
  return {
    type: 'object',
    required: [
      'docs',
      'totalDocs',
      'limit',
      'totalPages',
      'page',
      'pagingCounter',
      'hasPrevPage',
      'hasNextPage',
      'prevPage',
      'nextPage',
    ],
    properties: {
      docs: { type: 'array', items },
      totalDocs: int,
      limit: int,
      totalPages: int,
      page: int,
      pagingCounter: int,
      hasPrevPage: { type: 'boolean' },
      hasNextPage: { type: 'boolean' },
      prevPage: maybe,
      nextPage: maybe,
    },
  }
}

function errorResponses(): Record<string, Schema> {
  const error = (description: string, headers?: Schema) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ref('Error') } },
  })
  return {
    BadRequest: error(
      'The request is malformed: a validation error (data.errors lists every failing field), a bad query (QueryError), a bad parameter, or a request over a per-request limit (LimitExceeded: data.limit names the config key, data.max its value; see docs/reliability.md)',
    ),
    Unauthorized: error('Not logged in (or the token is invalid, expired or logged out)', {
      'WWW-Authenticate': { schema: { type: 'string' } },
    }),
    Forbidden: error('Logged in, but not allowed'),
    NotFound: error('No such document (or the caller may not see it)'),
    Conflict: error('The document is not in a state that allows this'),
    PayloadTooLarge: error('The request body is too large'),
    TooManyRequests: error('Too many attempts; retry later', {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' },
    }),
    InternalError: error(
      'Something went wrong (details are logged with the request id, never returned)',
    ),
  }
}

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
  const declared = Object.keys(op.responses as Record<string, unknown>).map(Number)
  const expected: readonly number[] = SUCCESS_STATUSES[kind]
  const success = declared.filter((status) => status < 400)
  if (!expected.every((s) => declared.includes(s)) || !success.every((s) => expected.includes(s))) {
    throw new Error(
      `${method.toUpperCase()} ${path} (${kind}) declares ${declared.join(', ')}; its handler answers ${expected.join(', ')}.`,
    )
  }
}

/** Compiles the config into the OpenAPI 3.1 document. */
export function compileOpenAPI(config: SanitizedConfig): Record<string, unknown> {
  const ctx: SchemaContext = { config, components: {} }
  const schemas: Record<string, Schema> = sharedSchemas()
  /** How many levels a self-referring schema unrolls to: documents `typedDepth + 1`, Wheres the nesting limit. */
  const depthBound = new Map<string, number>()
  const typedDepth = Math.min(config.defaultDepth, config.maxDepth)
  const documentNames = new Set(config.collections.map((c) => collectionNames(c).singular))
  const paths: Record<string, PathItem> = {}

  paths['/health'] = {
    get: {
      operationId: 'health',
      summary: 'Liveness and database check (a small committed write)',
      tags: ['System'],
      'x-cms': { kind: 'health' },
      security: [],
      responses: {
        200: json(
          {
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', const: 'ok' } },
          },
          'Healthy',
        ),
        503: json(
          { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
          'The database is unreachable or cannot write (disk full, read-only, locked)',
        ),
      },
    },
  }
  // The contracts themselves and the reference page, for third parties.
  const text = (type: string, description: string) => ({
    description,
    content: { [type]: { schema: { type: 'string' } } },
  })
  paths['/openapi.json'] = {
    get: {
      operationId: 'openapiDocument',
      summary: 'This OpenAPI document',
      tags: ['System'],
      'x-cms': { kind: 'static' },
      security: [],
      responses: { 200: json({ type: 'object' }, 'The contract'), ...errors(404, 500) },
    },
  }
  if (!config.graphQL.disable) {
    paths[`${config.routes.graphQL}/schema.graphql`] = {
      get: {
        operationId: 'graphqlSchema',
        summary: 'The GraphQL SDL',
        tags: ['System'],
        'x-cms': { kind: 'static' },
        security: [],
        responses: { 200: text('text/plain', 'The SDL'), ...errors(404, 500) },
      },
    }
  }
  if (!config.apiDocs?.disable) {
    // Off in production unless apiDocs.disableInProduction is false: the contract says so, with the 404 it answers then.
    const off =
      config.apiDocs?.disableInProduction === false
        ? 'Not found'
        : 'Off in production (NODE_ENV=production) unless apiDocs.disableInProduction is false'
    paths['/docs'] = {
      get: {
        operationId: 'apiReference',
        summary: 'The API reference page (Swagger UI)',
        tags: ['System'],
        'x-cms': { kind: 'static' },
        security: [],
        responses: {
          200: text('text/html', 'The page'),
          404: { description: off, content: { 'application/json': { schema: ref('Error') } } },
          ...errors(500),
        },
      },
    }
    paths['/docs/assets/{file}'] = {
      get: {
        operationId: 'apiReferenceAsset',
        summary: 'Scripts and styles of the reference page',
        tags: ['System'],
        'x-cms': { kind: 'static' },
        security: [],
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'The asset',
            content: {
              'text/javascript': { schema: { type: 'string' } },
              'text/css': { schema: { type: 'string' } },
            },
          },
          ...errors(404, 500),
        },
      },
    }
  }
  for (const c of config.collections) {
    const { singular, plural } = collectionNames(c)
    const drafts = Boolean(c.versions && c.versions.drafts)
    schemas[singular] = documentSchema(c, ctx)
    schemas[`${plural}List`] = paginated(ref(singular))
    // Auth collections take a password (stored only as a hash, never returned).
    const password = c.auth
      ? { password: { type: 'string', minLength: 8, maxLength: 256, writeOnly: true } }
      : {}
    schemas[`${singular}CreateInput`] = inputSchema(c.flatFields, ctx, 'create', drafts, password)
    if (c.auth)
      (
        (schemas[`${singular}CreateInput`].required as string[] | undefined) ??
        (schemas[`${singular}CreateInput`].required = [])
      ).push('password')
    schemas[`${singular}UpdateInput`] = inputSchema(c.flatFields, ctx, 'update', drafts, password)
    schemas[`${singular}Where`] = whereSchema(`${singular}Where`, c.flatFields, c.timestamps)
    schemas[`${singular}Select`] = selectSchema(c.flatFields, SELECT_SYSTEM_FIELDS)
    depthBound.set(singular, typedDepth + 1)
    depthBound.set(`${singular}Where`, WHERE_MAX_NESTING)
    if (c.versionsCollection) {
      const { id: _id, ...versionProperties } = schemas[singular].properties as Schema
      const versionData: Schema = { type: 'object', properties: versionProperties }
      schemas[`${singular}Version`] = {
        type: 'object',
        required: ['id', 'parent', 'version'],
        properties: {
          id: { type: 'integer' },
          parent: { anyOf: [{ type: 'integer' }, ref(singular)] },
          version: versionData,
          latest: { type: ['boolean', 'null'] },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      }
      schemas[`${singular}VersionsList`] = paginated(ref(`${singular}Version`))
      schemas[`${singular}VersionWhere`] = whereSchema(
        `${singular}VersionWhere`,
        c.versionsCollection.flatFields,
        true,
      )
      schemas[`${singular}VersionSelect`] = selectSchema(
        c.versionsCollection.flatFields,
        SELECT_SYSTEM_FIELDS,
      )
      depthBound.set(`${singular}VersionWhere`, WHERE_MAX_NESTING)
    }
    collectionPaths(config, c, paths, ctx)
  }
  for (const g of config.globals) {
    const name = globalName(g)
    const read = objectSchema(g.flatFields, 'read', ctx, undefined, false)
    schemas[name] = {
      ...read,
      required: ['globalType'],
      properties: {
        ...(read.properties as Schema),
        globalType: { type: 'string', const: g.slug },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    }
    schemas[`${name}Input`] = inputSchema(g.flatFields, ctx, 'update', false)
    schemas[`${name}Select`] = selectSchema(g.flatFields, SELECT_SYSTEM_FIELDS)
    globalPaths(config, g, paths)
  }
  for (const [i, e] of config.endpoints.entries()) {
    endpointPath(
      paths,
      e.path,
      e,
      `${e.method}${pathWords(e.path) || 'Root'}`,
      { kind: 'endpoint', endpoint: i },
      ['Custom'],
    )
  }
  const responses: Record<string, Schema> = errorResponses()
  if (config.ordersApi) {
    ordersPaths(paths)
    const orders = ordersComponents()
    Object.assign(schemas, orders.schemas)
    Object.assign(responses, orders.responses)
  }
  Object.assign(schemas, ctx.components)
  schemas.Populate = {
    type: 'object',
    description: 'A select per related collection slug.',
    properties: Object.fromEntries(
      config.collections.map((c) => [c.slug, ref(`${collectionNames(c).singular}Select`)]),
    ),
    additionalProperties: false,
  }
  // Where and populated documents refer to themselves: unrolled (no circular $ref). Wheres to the server's
  // nesting limit; documents typed to the default depth, deeper ones (depth up to maxDepth) a loose document.
  schemas.PopulatedDocument = {
    type: 'object',
    description: `A populated document deeper than the contract types it (depth > ${typedDepth}): its collection's schema applies.`,
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 } },
  }
  const acyclic = unrollCycles(
    schemas,
    (name) => depthBound.get(name),
    (name) => (documentNames.has(name) ? ref('PopulatedDocument') : undefined),
  )

  // Statuses any operation can meet, declared everywhere they apply: a bad parameter or body (400), an
  // oversize body on a method that may carry one (413), a dead token where a token is read (401).
  for (const [p, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      op.description ??= DESCRIPTIONS[op['x-cms'].kind]
      const responses = op.responses as Record<string, unknown>
      const v1 = p.startsWith('/v1/')
      const ref = (code: ErrorStatus) => ({
        $ref: `#/components/responses/${v1 ? `Problem${code}` : responseForStatus(code)}`,
      })
      if (op['x-cms'].kind === 'static' || op['x-cms'].kind === 'endpoint') continue
      if ((op.parameters || op.requestBody) && !responses['400']) responses['400'] = ref(400)
      if (method !== 'get' && !responses['413']) responses['413'] = ref(413)
      if (!responses['500']) responses['500'] = ref(500)
      const isPublic = Array.isArray(op.security) && op.security.length === 0
      if (!isPublic && !responses['401']) responses['401'] = ref(401)
      op.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      )
      checkSuccessStatuses(op, method, p)
    }
  }

  // Response components no operation uses are left out (linters flag them).
  const used = JSON.stringify(paths)
  for (const name of Object.keys(responses))
    if (!used.includes(`"#/components/responses/${name}"`)) delete responses[name]

  const api = config.routes.api
  return {
    openapi: '3.1.0',
    info: {
      title: `${typeName(config.serverURL ? new URL(config.serverURL).hostname : 'CMS')} API`,
      version: '1.0.0',
      description: 'Compiled from the CMS config. Do not edit: run `npm run generate`.',
    },
    servers: [{ url: api }],
    security: [{}, { bearerAuth: [] }, { jwtAuth: [] }, { cookieAuth: [] }],
    tags: tagsOf(config, paths),
    paths: Object.fromEntries(Object.entries(paths).map(([p, item]) => [p, sortMethods(item)])),
    components: {
      schemas: sortKeys(acyclic),
      parameters: sharedParameters(config),
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
          name: 'cms-token',
          description: 'HTTP-only cookie set by login; unsafe methods need an allowed Origin',
        },
      },
    },
  }
}

/** What each kind of operation does, for the reference page and anyone reading the contract. */
const DESCRIPTIONS = {
  find: 'Lists the documents the caller may read (a Where from read access is ANDed in), filtered by `where`, sorted and paginated; `depth` populates relations, `select` and `populate` trim fields.',
  findByID:
    'Reads one document by id; one the caller may not read answers as if it did not exist (404).',
  count: 'Counts the documents matching `where` that the caller may read.',
  create:
    'Creates a document (create access), validated and through the hooks; answers 201 with the document read back at `depth`.',
  update: 'Updates one document by id (update access); only the fields sent change.',
  updateMany:
    'Updates every document matching `where` that the caller may update; the answer lists the updated documents and any error per id.',
  delete: 'Deletes one document by id (delete access), with its versions.',
  deleteMany:
    'Deletes every document matching `where` that the caller may delete; the answer lists the deleted documents and any error per id.',
  findVersions: 'Lists versions, newest first (readVersions access).',
  findVersionByID: 'Reads one version by id (readVersions access).',
  restoreVersion: 'Makes a version the current document again (update access).',
  findGlobal: 'Reads the global (its read access).',
  updateGlobal: 'Writes the global (its update access); only the fields sent change.',
  login:
    'Checks email and password; answers a token, also set as an HTTP-only cookie, and the user. Failed attempts lock the account for a while and are rate-limited (429).',
  logout: 'Ends the session of the token or cookie sent.',
  me: 'The logged-in user of this collection and the session expiry, or `user: null`.',
  refreshToken: 'Extends the session (within its absolute lifetime) and answers a fresh token.',
  forgotPassword:
    'Emails a reset link when the address belongs to a user; the answer is the same either way.',
  resetPassword: "Sets a new password with a reset token and ends the user's other sessions.",
  v1ListOrders: "The caller's own orders.",
  v1CreateOrder: 'Creates an order owned by the caller.',
  v1GetOrder: "One of the caller's orders; another user's order is a 404.",
  v1CancelOrder:
    'Cancels an order: 403 for anyone but its owner, 409 once it is shipped or cancelled.',
  v1Logout: 'Ends the session.',
  v1AdminListOrders: 'Every order (admins only).',
  v1AdminShipOrder: 'Ships an order (admins only); 409 once it is shipped or cancelled.',
  v1PaymentWebhook:
    "The payment provider's HMAC-signed notification: pays an order once per event id; other event types are acknowledged.",
  health: 'Liveness and a committed write probe: 503 when the database cannot write.',
  static: 'Served as is, for tools and people.',
  endpoint: 'A custom endpoint of the config: its handler decides access and what it answers.',
} satisfies Record<OperationKind, string>

/** Every tag an operation uses, described, in order of first use. */
function tagsOf(config: SanitizedConfig, paths: Record<string, PathItem>) {
  const described = new Map<string, string>([
    ['System', 'Health, the contracts themselves and the API reference'],
    ['Globals', 'Single documents of the config (site settings and the like)'],
    ['Custom', 'Endpoints the config adds at the API root'],
    ['Orders API v1', 'Orders with strict ownership: a caller sees and changes only its own'],
  ])
  for (const c of config.collections)
    described.set(collectionNames(c).plural, `The ${c.labels.plural} collection`)
  const names = new Set<string>()
  for (const item of Object.values(paths))
    for (const op of Object.values(item)) for (const tag of op.tags ?? []) names.add(tag)
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
