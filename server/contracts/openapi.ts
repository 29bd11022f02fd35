import type {
  Endpoint,
  FlattenedField,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
} from '../config/types.ts'
import { responseForStatus, type ErrorStatus } from '../errors/catalogue.ts'
import { isOperationKind, SUCCESS_STATUSES, type OperationKind } from './kinds.ts'
import {
  body,
  declareParserRefusals,
  headersTooLarge,
  json,
  pageParameter,
  parserBody,
  type Operation,
  type OperationMeta,
  type PathItem,
} from './operation.ts'
import { ordersComponents, ordersPaths } from '../orders/contract.ts'
import { WHERE_MAX_NESTING } from '../db/where.ts'
import { SELECT_SYSTEM_FIELDS } from '../local/select.ts'
import { sortParam } from './sort.ts'
import { NOT_BLANK_PATTERN } from './patterns.ts'
export { NOT_BLANK_PATTERN }
import { permissionFields } from '../local/permissions.ts'
import { MAX_PATH_ID, maxPage } from '../local/params.ts'
import { unrollCycles } from './unroll.ts'
import { addQueryExamples } from './examples.ts'
import { addLinks } from './links.ts'
import { cookieName } from '../auth/cookies.ts'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/password.ts'

export type { OperationMeta } from './operation.ts'
import { someField } from '../config/fields.ts'
import { collectionNames, globalName, openapiPath, pathWords, typeName } from '../config/names.ts'
import { idKind } from '../config/ids.ts'
import {
  anyIdSchema,
  documentSchema,
  idSchema,
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
const NON_BLANK: Schema = { minLength: 1, pattern: NOT_BLANK_PATTERN }
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

/** `joins` of a collection with join fields (its `<Singular>Joins` schema). */
function joinsParam(name: string): Schema {
  return jsonParam(
    'joins',
    ref(name),
    `Paging, sort and filter of join fields (the \`${name}\` schema), by join field path, as JSON: \`{"posts":{"limit":5,"sort":"-createdAt","count":true}}\`; \`{"posts":false}\` leaves one out, \`false\` all of them. Payload's bracket syntax (\`?joins[posts][limit]=5\`, \`?joins=false\`) is accepted too.`,
    '{}',
  )
}

/** What `joins` takes for a collection: `false`, or per join field path `false` or its page options. */
export function joinsSchema(config: SanitizedConfig, c: SanitizedCollection): Schema {
  const properties: Schema = {}
  for (const j of c.joins) {
    const target = collectionNames(config.collectionsBySlug.get(j.field.collection)!).singular
    properties[j.path] = {
      anyOf: [
        { type: 'boolean', const: false },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: {
              type: 'integer',
              minimum: 0,
              maximum: config.maxLimit,
              description: `Documents per page (default: the field's defaultLimit, ${j.field.defaultLimit ?? 10}; 0: all, at most ${config.maxLimit}).`,
            },
            page: { type: 'integer', minimum: 1, maximum: maxPage(config.maxLimit) },
            sort: { type: 'string', description: 'Field path(s) of the joined collection.' },
            where: ref(`${target}Where`),
            count: { type: 'boolean', description: 'Adds totalDocs.' },
          },
        },
      ],
    }
  }
  return {
    anyOf: [
      { type: 'boolean', const: false, description: 'Leaves every join field out.' },
      { type: 'object', additionalProperties: false, properties },
    ],
  }
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
  const tag = [plural]
  const doc = ref(singular)
  const where = `${singular}Where`
  const meta = (kind: OperationKind): OperationMeta => ({ kind, collection: c.slug })
  // `draft` on every collection, as Payload parses it (true or false; it changes nothing without drafts), and
  // `trash` wherever Payload reads it (it changes nothing without trash: true).
  const read = readParams(config, true, `${singular}Select`)
  const writeParams = read
  const trash = param('trash')
  const joins = c.joins.length ? [joinsParam(`${singular}Joins`)] : []
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
  // Writes that can meet a taken unique value (a unique field, an auth email or username, a custom id): 409.
  const conflicts: ErrorStatus[] = hasUniqueValues(c) ? [409] : []

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
        sortParam(c),
        ...read,
        ...joins,
        trash,
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
        ...errors(400, 401, 403, ...conflicts, 413, ...limited, 500),
      },
    },
    patch: {
      operationId: `update${plural}`,
      summary: `Update every ${c.labels.singular} matching where`,
      tags: tag,
      'x-cms': meta('updateMany'),
      parameters: [whereParam(config, where, true), ...writeParams, trash],
      requestBody: body(ref(`${singular}UpdateInput`)),
      responses: {
        200: json(bulk, 'The updated documents, and the ones that failed'),
        ...errors(400, 401, 403, ...conflicts, 413, ...limited, 500),
      },
    },
    delete: {
      operationId: `delete${plural}`,
      summary: `Delete every ${c.labels.singular} matching where`,
      tags: tag,
      'x-cms': meta('deleteMany'),
      parameters: [whereParam(config, where, true), param('depth'), trash],
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
        param('draft'),
        trash,
      ],
      responses: {
        200: json(ref('Count'), 'The number of matching documents'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  paths[`${base}/distinct`] = {
    get: {
      operationId: `findDistinct${plural}`,
      summary: `Distinct values of a ${c.labels.singular} field`,
      tags: tag,
      'x-cms': meta('findDistinct'),
      parameters: [
        {
          name: 'field',
          in: 'query',
          required: true,
          description:
            'The field to list values of: one holding a single value per document (dotted into groups), `id` or a timestamp.',
          schema: { type: 'string', enum: distinctPaths(c) },
        },
        whereParam(config, where),
        param('limit'),
        param('page'),
        sortParam(c),
        param('depth'),
        ...(config.localization ? [param('locale')] : []),
        trash,
      ],
      responses: {
        200: json(ref(`${plural}Distinct`), 'The distinct values'),
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
          sortParam(c.versionsCollection!),
          param('depth'),
          selectParam(`${singular}VersionSelect`),
          ...(config.localization ? [param('locale'), param('fallbackLocale')] : []),
          trash,
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
          trash,
        ],
        responses: { 200: json(version, 'The version'), ...errors(400, 401, 403, 404, 500) },
      },
      post: {
        operationId: `restore${singular}Version`,
        summary: `Restore a version of a ${c.labels.singular}`,
        tags: tag,
        'x-cms': meta('restoreVersion'),
        parameters: [param('id'), param('depth'), param('draft')],
        responses: {
          200: json(
            {
              ...documentSchema(c, ctx),
              required: ['id', 'message'],
              properties: { ...(documentSchema(c, ctx).properties as Schema), message: MESSAGE },
            },
            'The restored document, with a message',
          ),
          ...errors(400, 401, 403, 404, ...conflicts, 500),
        },
      },
    }
  }
  if (c.auth) authPaths(c, paths, singular, tag)
  if (c.auth) authFlowPaths(c, paths, singular, tag)
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
  // The document id of the by-id routes: the shared integer parameter, or the collection's own id schema.
  const docId: Schema =
    c.idType === 'serial'
      ? param('id')
      : {
          name: 'id',
          in: 'path',
          required: true,
          description: `The document id (${c.idType === 'uuid' ? 'a UUID' : `the custom ${c.idType} id`}).`,
          schema: c.idType === 'number' ? { type: 'number' } : { type: 'string', minLength: 1 },
        }
  // By-id routes come after the fixed ones (`/count`, `/versions`, `/login`, custom endpoints) in the document too.
  paths[`${base}/{id}`] = {
    get: {
      operationId: `find${singular}ByID`,
      summary: `One ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('findByID'),
      parameters: [docId, ...read, ...joins, trash],
      responses: { 200: json(doc, `The ${c.labels.singular}`), ...errors(400, 401, 403, 404, 500) },
    },
    patch: {
      operationId: `update${singular}`,
      summary: `Update a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('update'),
      parameters: [
        docId,
        ...writeParams,
        ...(c.versions && c.versions.autosave ? [param('autosave')] : []),
        trash,
      ],
      requestBody: body(ref(`${singular}UpdateInput`)),
      responses: {
        200: json(docMessage, 'Updated'),
        ...errors(400, 401, 403, 404, ...conflicts, 413, ...limited, 500),
      },
    },
    delete: {
      operationId: `delete${singular}`,
      summary: `Delete a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('delete'),
      parameters: [docId, param('depth'), trash],
      responses: { 200: json(docMessage, 'Deleted'), ...errors(400, 401, 403, 404, 500) },
    },
  }
  if (!c.disableDuplicate) {
    paths[`${base}/{id}/duplicate`] = {
      post: {
        operationId: `duplicate${singular}`,
        summary: `Duplicate a ${c.labels.singular}`,
        tags: tag,
        'x-cms': meta('duplicate'),
        parameters: [
          docId,
          ...writeParams,
          ...(config.localization ? [param('selectedLocales')] : []),
          trash,
        ],
        requestBody: optionalBody(
          ref(`${singular}UpdateInput`),
          'Fields to change in the copy (optional)',
        ),
        responses: {
          200: json(docMessage, 'The copy'),
          ...errors(400, 401, 403, 404, ...conflicts, 413, ...limited, 500),
        },
      },
    }
  }
  paths[`${base}/access/{id}`] = {
    post: {
      operationId: `docAccess${singular}`,
      summary: `What the caller may do with a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('docAccess'),
      parameters: [docId, ...(config.localization ? [param('locale')] : [])],
      requestBody: optionalBody(
        ref(`${singular}UpdateInput`),
        'Data handed to the access functions instead of the stored document (optional)',
      ),
      responses: {
        200: json(ref(`${singular}Permissions`), 'The permissions'),
        // 403: a cookie-authenticated POST from another site's page (CSRF).
        ...errors(400, 401, 403, 404, 413, 500),
      },
    },
  }
}

/** The `apiKey` of a write (auth.useAPIKey): stored only as a keyed hash, answered once; null removes it. */
const API_KEY_INPUT = {
  type: ['string', 'null'],
  minLength: 32,
  maxLength: 256,
  pattern: '^[\\x21-\\x7e]+$',
  writeOnly: true,
  description:
    'A new API key (32 to 256 visible ASCII characters, e.g. a random UUID), or null to remove it. Stored only as its HMAC; the answer of this write shows it once.',
}
/** A JSON body the operation may go without. */
const optionalBody = (schema: Schema, description: string): Schema => ({
  required: false,
  description,
  content: { 'application/json': { schema } },
})

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
  // The server trims the name and counts a blank one as missing (auth/shared.ts `loginIdentity`): with one name it
  // must hold a non-space character; with two, one of them must.
  const either = (schema: Schema): Schema =>
    names.length > 1
      ? { ...schema, anyOf: names.map((n) => ({ required: [n], properties: { [n]: NON_BLANK } })) }
      : schema
  const nameProps = (extra: Schema = {}) =>
    Object.fromEntries(
      names.map((n) => [n, { type: 'string', ...(names.length > 1 ? {} : NON_BLANK), ...extra }]),
    )
  const credentials = either({
    type: 'object',
    required: [...(names.length > 1 ? [] : names), 'password'],
    properties: { ...nameProps(), password: { type: 'string', minLength: 1 } },
  })
  // auth.removeTokenFromResponses: the answers leave the token out (the cookie carries it).
  const keepsToken = !(c.auth && c.auth.removeTokenFromResponses)
  const session = (token: string, extra: Schema = {}) => ({
    type: 'object',
    required: ['message', ...(keepsToken ? [token] : []), 'exp', 'user'],
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
        200: json(session('token'), 'Logged in; the token is also set as the token cookie'),
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
              strategy: {
                type: 'string',
                description:
                  'How the caller authenticated: local-jwt, api-key or a custom strategy.',
              },
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
        properties: {
          token: { type: 'string', minLength: 1, maxLength: 256 },
          password: {
            type: 'string',
            minLength: MIN_PASSWORD_LENGTH,
            maxLength: MAX_PASSWORD_LENGTH,
            writeOnly: true,
          },
        },
      }),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['message', ...(keepsToken ? ['token'] : []), 'user'],
            properties: { message: MESSAGE, token: { type: 'string' }, user },
          },
          'Password changed and logged in',
        ),
        ...errors(400, 403, 429, 500),
      },
    },
  }
}

/** Verification, unlock and the first user: `auth.verify`, `access.unlock`, `/init` and `/first-register`. */
function authFlowPaths(
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  singular: string,
  tag: string[],
): void {
  if (!c.auth) return
  const base = `/${c.slug}`
  const meta = (kind: OperationKind): OperationMeta => ({ kind, collection: c.slug })
  const emailBody = body({
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: { type: 'string', ...NON_BLANK, maxLength: 254 } },
  })
  if (c.auth.verify) {
    // An account not yet verified answers the right password with 403 UnverifiedEmail.
    const login = paths[`${base}/login`]?.post
    if (login) (login.responses as Record<string, unknown>)['403'] = errors(403)['403']
    paths[`${base}/verify/{token}`] = {
      post: {
        operationId: `verifyEmail${singular}`,
        summary: 'Verify an email address with the token mailed to it',
        tags: tag,
        'x-cms': meta('verifyEmail'),
        security: [],
        parameters: [
          {
            name: 'token',
            in: 'path',
            required: true,
            description: 'The verification token from the mailed link.',
            schema: { type: 'string', minLength: 1, maxLength: 256 },
          },
        ],
        responses: {
          200: json(ref('Message'), 'Verified: the user may log in from now on'),
          ...errors(400, 403, 500),
        },
      },
    }
  }
  paths[`${base}/unlock`] = {
    post: {
      operationId: `unlock${singular}`,
      summary: 'Unlock an account locked by failed logins',
      tags: tag,
      'x-cms': meta('unlock'),
      requestBody: emailBody,
      responses: {
        200: json(ref('Message'), 'Unlocked: failed logins counted from zero again'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  paths[`${base}/init`] = {
    get: {
      operationId: `init${singular}`,
      summary: 'Whether the first user exists',
      tags: tag,
      'x-cms': meta('init'),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['initialized'],
            properties: { initialized: { type: 'boolean' } },
          },
          'true once the collection has a user',
        ),
        ...errors(500),
      },
    },
  }
  paths[`${base}/first-register`] = {
    post: {
      operationId: `registerFirst${singular}`,
      summary: 'Create the first user and log in',
      tags: tag,
      'x-cms': meta('registerFirstUser'),
      security: [],
      parameters: [param('depth')],
      requestBody: body(ref(`${singular}CreateInput`)),
      responses: {
        200: json(
          {
            type: 'object',
            // auth.removeTokenFromResponses: the answer leaves the token out (the cookie carries it).
            required: [
              'message',
              ...(c.auth && c.auth.removeTokenFromResponses ? [] : ['token']),
              'exp',
              'user',
            ],
            properties: {
              message: MESSAGE,
              token: { type: 'string' },
              exp: { type: 'integer', description: 'Expiry, in seconds since the epoch.' },
              user: ref(singular),
            },
          },
          'Registered and logged in; the token is also set as the token cookie',
        ),
        ...errors(400, 403, 429, 500),
      },
    },
  }
}

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
 * when both can happen). Without `responses`, a 200 with any JSON.
 */
function endpointResponses(e: Endpoint): Schema {
  const own: Record<string, Schema> = (e.openapi?.responses as Record<string, Schema>) ?? {
    200: json({}, 'Whatever the handler answers (this endpoint declares no schema)'),
  }
  const declared = new Set(Object.keys(own).map((k) => k.toUpperCase()))
  const security = e.openapi?.security
  const isPublic = Array.isArray(security) && security.length === 0
  const defaults = endpointDefaultStatuses(e.method, isPublic).filter(
    (code) => !declared.has(String(code)) && !declared.has(`${String(code)[0]}XX`),
  )
  return { ...errors(...defaults), ...own }
}

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

function globalPaths(
  config: SanitizedConfig,
  g: SanitizedGlobal,
  paths: Record<string, PathItem>,
): void {
  const name = globalName(g)
  const meta = (kind: OperationKind): OperationMeta => ({ kind, global: g.slug })
  const drafts = Boolean(g.versions && g.versions.drafts)
  const read = readParams(config, true, `${name}Select`)
  const base = `/globals/${g.slug}`
  paths[base] = {
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
      parameters: [...read, ...(g.versions && g.versions.autosave ? [param('autosave')] : [])],
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
  paths[`/globals/${g.slug}/access`] = {
    post: {
      operationId: `docAccess${name}`,
      summary: `What the caller may do with ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('docAccess'),
      ...(config.localization ? { parameters: [param('locale')] } : {}),
      requestBody: optionalBody(
        ref(`${name}Input`),
        'Data handed to the access functions instead of the stored global (optional)',
      ),
      responses: {
        200: json(ref(`${name}Permissions`), 'The permissions'),
        ...errors(400, 401, 403, 413, 500),
      },
    },
  }
  if (!g.versions) return
  const localized = config.localization ? [param('locale'), param('fallbackLocale')] : []
  paths[`${base}/versions`] = {
    get: {
      operationId: `find${name}Versions`,
      summary: `List versions of ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('findGlobalVersions'),
      parameters: [
        whereParam(config, `${name}VersionWhere`),
        param('limit'),
        param('page'),
        param('pagination'),
        sortParam(g.versionsCollection!),
        param('depth'),
        selectParam(`${name}VersionSelect`),
        ...localized,
      ],
      responses: {
        200: json(ref(`${name}VersionsList`), 'A page of versions, newest first'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
  paths[`${base}/versions/{id}`] = {
    get: {
      operationId: `find${name}VersionByID`,
      summary: `One version of ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('findGlobalVersionByID'),
      parameters: [param('id'), param('depth'), ...localized],
      responses: {
        200: json(ref(`${name}Version`), 'The version'),
        ...errors(400, 401, 403, 404, 500),
      },
    },
    post: {
      operationId: `restore${name}Version`,
      summary: `Restore a version of ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('restoreGlobalVersion'),
      parameters: [param('id'), param('depth'), ...(drafts ? [param('draft')] : [])],
      responses: {
        200: json(
          {
            type: 'object',
            required: ['doc', 'message'],
            properties: { doc: ref(name), message: MESSAGE },
          },
          'The restored global, with a message',
        ),
        ...errors(400, 401, 403, 404, 500),
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
      description: `The document id (at most ${MAX_PATH_ID}: 15 digits).`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PATH_ID },
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
    page: pageParameter(config.maxLimit),
    pagination: {
      name: 'pagination',
      in: 'query',
      description: `false returns every match without a count (with limit 0, at most ${config.maxLimit}).`,
      schema: { type: 'boolean' },
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
      description:
        'true reads the newest drafts / saves as a draft (with versions.drafts; elsewhere accepted and ignored). false, the default, reads and saves published content.',
      schema: { type: 'boolean' },
    },
    trash: {
      name: 'trash',
      in: 'query',
      description:
        'Collections with trash: true includes documents in the trash (default false: they are left out, and one asked for by id is a 404). `where[deletedAt][exists]=true` narrows to the trash. Elsewhere accepted and ignored.',
      schema: { type: 'boolean' },
    },
  }
  const autosaves = [...config.collections, ...config.globals].some(
    (o) => o.versions && o.versions.autosave,
  )
  if (autosaves)
    params.autosave = {
      name: 'autosave',
      in: 'query',
      description:
        'An autosave (versions.drafts.autosave): overwrites the newest version when that one is an autosave too, instead of adding one.',
      schema: { type: 'boolean' },
    }
  if (config.localization) {
    const codes = config.localization.localeCodes
    params.locale = {
      name: 'locale',
      in: 'query',
      description: '"all" (or "*") returns every locale keyed by code.',
      schema: { type: 'string', enum: [...codes, 'all', '*'] },
    }
    params.selectedLocales = {
      name: 'selectedLocales',
      in: 'query',
      description:
        'Duplicate: the locales of localized fields to copy, comma-separated (default: every locale).',
      schema: { type: 'string', pattern: `^(${codes.join('|')})(,(${codes.join('|')}))*$` },
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

function sharedSchemas(anyId: Schema): Record<string, Schema> {
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
        properties: { id: anyId, message: MESSAGE },
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

/** Whether a write can meet a taken unique value: a unique field, an auth email or username, a custom id. */
function hasUniqueValues(c: SanitizedCollection): boolean {
  return Boolean(
    c.auth || c.idField || someField(c.flatFields, (f) => 'unique' in f && Boolean(f.unique)),
  )
}

/** The fields findDistinct lists values of: one value per document (`valueExpression` in db/where.ts). */
function distinctPaths(c: SanitizedCollection): string[] {
  const out = ['id', ...(c.timestamps ? ['createdAt', 'updatedAt'] : [])]
  const walk = (fields: SanitizedCollection['flatFields'], prefix: string) => {
    for (const f of fields) {
      // A join or virtual field has no stored value (valueExpression in db/where.ts finds no column).
      if (f.hidden || f.virtual || f.type === 'join') continue
      if (f.type === 'group') {
        if (!f.localized) walk(f.fields, `${prefix}${f.name}.`)
        continue
      }
      if (['array', 'blocks', 'json', 'richText', 'point'].includes(f.type)) continue
      if ('hasMany' in f && f.hasMany) continue
      if (f.type === 'relationship' && Array.isArray(f.relationTo)) continue
      out.push(`${prefix}${f.name}`)
    }
  }
  walk(c.flatFields, '')
  return out
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
    RequestHeaderFieldsTooLarge: headersTooLarge(ref('Error')),
    TooManyRequests: error('Too many attempts; retry later', {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' },
    }),
    InternalError: error(
      'Something went wrong (details are logged with the request id, never returned)',
    ),
    ServiceUnavailable: error(
      'The database is unavailable (data.reason "databaseUnavailable"; retry shortly), or the connection was lost while this write was committing (data.reason "commitOutcomeUnknown": it may or may not have been applied; read the data back before sending it again), or the write kept conflicting with concurrent writes through other database nodes (data.reason "writeConflict": not applied; retry shortly)',
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

// ---- permissions (GET /access, POST .../access) ------------------------------------------

const TRUE = { const: true }

/** A field's permissions: `true` (all allowed), or the allowed operations with its children's. */
function fieldsPermissionSchema(fields: FlattenedField[], timestamps: boolean): Schema {
  const properties: Record<string, Schema> = {}
  for (const { name, field } of permissionFields(fields, timestamps)) {
    const own: Record<string, Schema> = { create: TRUE, read: TRUE, update: TRUE }
    if (field?.type === 'group' || field?.type === 'array')
      own.fields = fieldsPermissionSchema(field.fields, false)
    if (field?.type === 'blocks')
      own.blocks = {
        anyOf: [
          TRUE,
          {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(
              field.blocks.map((b) => [
                b.slug,
                {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    create: TRUE,
                    read: TRUE,
                    update: TRUE,
                    fields: fieldsPermissionSchema(b.fields, false),
                  },
                },
              ]),
            ),
          },
        ],
      }
    properties[name] = {
      anyOf: [TRUE, { type: 'object', additionalProperties: false, properties: own }],
    }
  }
  return { anyOf: [TRUE, { type: 'object', additionalProperties: false, properties }] }
}

function entityPermissionSchema(
  fields: FlattenedField[],
  timestamps: boolean,
  operations: string[],
  label: string,
): Schema {
  return {
    type: 'object',
    description: `What the caller may do with ${label}: allowed operations (\`true\` or \`{ permission: true, where }\`), denied ones left out; \`fields\` is \`true\` when every field allows every operation the caller has.`,
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(operations.map((op) => [op, ref('Permission')])),
      fields: fieldsPermissionSchema(fields, timestamps),
    },
  }
}

function accessResultsSchema(config: SanitizedConfig): Schema {
  const entities = (entries: [string, string][]) => ({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      entries.map(([slug, name]) => [slug, ref(`${name}Permissions`)]),
    ),
  })
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      canAccessAdmin: { type: 'boolean' },
      collections: entities(config.collections.map((c) => [c.slug, collectionNames(c).singular])),
      globals: entities(config.globals.map((g) => [g.slug, globalName(g)])),
    },
  }
}

/** Compiles the config into the OpenAPI 3.1 document. */
export function compileOpenAPI(config: SanitizedConfig): Record<string, unknown> {
  const ctx: SchemaContext = { config, components: {} }
  const anyId = anyIdSchema(config)
  const schemas: Record<string, Schema> = sharedSchemas(anyId)
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
  // The contracts themselves and the reference page, for third parties. In production they follow introspection
  // (server/http/exposure.ts): the contract says so, with the 404 they answer then.
  const text = (type: string, description: string) => ({
    description,
    content: { [type]: { schema: { type: 'string' } } },
  })
  const hidden = {
    404: {
      description:
        config.graphQL.disableIntrospectionInProduction === false
          ? 'Not found'
          : 'Off in production (NODE_ENV=production) unless graphQL.disableIntrospectionInProduction is false',
      content: { 'application/json': { schema: ref('Error') } },
    },
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'openapiDocument',
      summary: 'This OpenAPI document',
      tags: ['System'],
      'x-cms': { kind: 'static' },
      security: [],
      responses: { 200: json({ type: 'object' }, 'The contract'), ...hidden, ...errors(500) },
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
        responses: { 200: text('text/plain', 'The SDL'), ...hidden, ...errors(500) },
      },
    }
  }
  if (!config.apiDocs?.disable) {
    paths['/docs'] = {
      get: {
        operationId: 'apiReference',
        summary: 'The API reference page (Swagger UI)',
        tags: ['System'],
        'x-cms': { kind: 'static' },
        security: [],
        responses: { 200: text('text/html', 'The page'), ...hidden, ...errors(500) },
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
    const page = paginated({})
    schemas[`${plural}Distinct`] = {
      type: 'object',
      required: (page.required as string[]).map((k) => (k === 'docs' ? 'values' : k)),
      properties: Object.fromEntries(
        Object.entries(page.properties as Schema).map(([k, v]) =>
          k === 'docs'
            ? [
                'values',
                {
                  type: 'array',
                  description: 'One object per distinct value, keyed by the field path.',
                  items: { type: 'object', minProperties: 1, maxProperties: 1 },
                },
              ]
            : [k, v],
        ),
      ),
    }
    // Auth collections take a password (stored only as a hash, never returned), and with useAPIKey an API key.
    const password = c.auth
      ? {
          password: {
            type: 'string',
            minLength: MIN_PASSWORD_LENGTH,
            maxLength: MAX_PASSWORD_LENGTH,
            writeOnly: true,
          },
          ...(c.auth.useAPIKey && { apiKey: API_KEY_INPUT }),
        }
      : {}
    schemas[`${singular}CreateInput`] = inputSchema(c.flatFields, ctx, 'create', drafts, password)
    if (c.auth)
      (
        (schemas[`${singular}CreateInput`].required as string[] | undefined) ??
        (schemas[`${singular}CreateInput`].required = [])
      ).push('password')
    schemas[`${singular}UpdateInput`] = inputSchema(c.flatFields, ctx, 'update', drafts, password)
    if (c.idField) {
      // A custom id: given on create (required); an update ignores it, a duplicate takes it as the copy's id.
      const id = { ...idSchema(idKind(c)), description: 'The custom id.' }
      const create = schemas[`${singular}CreateInput`]
      // The custom id replaces the ignored system `id` (kept first, as in the read schema).
      const { id: _create, ...createRest } = create.properties as Schema
      create.properties = { id, ...createRest }
      // Required unless a defaultValue makes it.
      if (c.idField.defaultValue === undefined)
        create.required = ['id', ...((create.required as string[] | undefined) ?? [])]
      const update = schemas[`${singular}UpdateInput`]
      const { id: _update, ...updateRest } = update.properties as Schema
      update.properties = {
        id: {
          ...id,
          description:
            "The copy's id when duplicating (required there); an update never changes the id and ignores it.",
        },
        ...updateRest,
      }
    }
    schemas[`${singular}Where`] = whereSchema(
      `${singular}Where`,
      c.flatFields,
      c.timestamps,
      idKind(c),
    )
    schemas[`${singular}Select`] = selectSchema(c.flatFields, SELECT_SYSTEM_FIELDS)
    if (c.joins.length) schemas[`${singular}Joins`] = joinsSchema(config, c)
    depthBound.set(singular, typedDepth + 1)
    depthBound.set(`${singular}Where`, WHERE_MAX_NESTING)
    if (c.versionsCollection) {
      const { id: _id, ...versionProperties } = schemas[singular].properties as Schema
      const versionData: Schema = { type: 'object', properties: versionProperties }
      // Only `id` is required: `select` applies to the version row (`parent`, `version`, `latest`…), as Payload's
      // findVersions does, so a selecting answer may hold nothing else (issue 31).
      schemas[`${singular}Version`] = {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          parent: { anyOf: [idSchema(idKind(c)), ref(singular)] },
          version: versionData,
          latest: { type: ['boolean', 'null'] },
          ...(c.versions && c.versions.autosave ? { autosave: { type: ['boolean', 'null'] } } : {}),
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
    schemas[`${singular}Permissions`] = entityPermissionSchema(
      c.flatFields,
      c.timestamps,
      ['create', 'read', 'update', 'delete', ...(c.versions ? ['readVersions'] : [])],
      c.labels.singular,
    )
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
    schemas[`${name}Input`] = inputSchema(
      g.flatFields,
      ctx,
      'update',
      Boolean(g.versions && g.versions.drafts),
    )
    schemas[`${name}Select`] = selectSchema(g.flatFields, SELECT_SYSTEM_FIELDS)
    if (g.versionsCollection) {
      const { globalType: _type, ...versionProperties } = schemas[name].properties as Schema
      // Only `id` is required, as for collection versions: `select` may leave `version` out.
      schemas[`${name}Version`] = {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          version: { type: 'object', properties: versionProperties },
          latest: { type: ['boolean', 'null'] },
          ...(g.versions && g.versions.autosave ? { autosave: { type: ['boolean', 'null'] } } : {}),
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      }
      schemas[`${name}VersionsList`] = paginated(ref(`${name}Version`))
      schemas[`${name}VersionWhere`] = whereSchema(
        `${name}VersionWhere`,
        g.versionsCollection.flatFields,
        true,
      )
      schemas[`${name}VersionSelect`] = selectSchema(
        g.versionsCollection.flatFields,
        SELECT_SYSTEM_FIELDS,
      )
      depthBound.set(`${name}VersionWhere`, WHERE_MAX_NESTING)
    }
    schemas[`${name}Permissions`] = entityPermissionSchema(
      g.flatFields,
      true,
      ['read', 'update', ...((g as { versions?: unknown }).versions ? ['readVersions'] : [])],
      g.label,
    )
    globalPaths(config, g, paths)
  }
  paths['/access'] = {
    get: {
      operationId: 'access',
      summary: 'What the caller may do, per collection, global and field',
      tags: ['Access'],
      'x-cms': { kind: 'access' },
      ...(config.localization ? { parameters: [param('locale')] } : {}),
      responses: {
        200: json(accessResultsSchema(config), "The caller's permissions"),
        ...errors(401, 500),
      },
    },
  }
  schemas.Permission = {
    description:
      'An allowed operation: `true`, or `{ permission: true, where }` when its access function returned a Where (for `/access` not evaluated; for one document, matched against it). A denied operation is left out.',
    anyOf: [
      { const: true },
      {
        type: 'object',
        required: ['permission', 'where'],
        additionalProperties: false,
        properties: {
          permission: { const: true },
          where: { type: 'object', description: 'The Where the access function returned.' },
        },
      },
    ],
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
    ordersPaths(paths, config.maxLimit)
    const orders = ordersComponents()
    Object.assign(schemas, orders.schemas)
    Object.assign(responses, orders.responses)
    parserBody(responses.Problem400, ref('Error'))
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
    properties: { id: anyId.type === 'integer' ? { type: 'integer', minimum: 1 } : anyId },
  }
  // Examples from the schemas as compiled (before unrolling renames the nested Wheres), links between operations.
  const parameters = sharedParameters(config)
  addQueryExamples(paths, parameters, schemas)
  addLinks(paths)
  const acyclic = unrollCycles(
    schemas,
    (name) => depthBound.get(name),
    (name) => (documentNames.has(name) ? ref('PopulatedDocument') : undefined),
  )
  // The shared operator objects no Where of this config uses are left out (linters flag unused components).
  for (const name of Object.keys(whereComponents()))
    if (!JSON.stringify({ acyclic, paths }).includes(`"#/components/schemas/${name}"`))
      delete acyclic[name]

  // Statuses any operation can meet, declared everywhere they apply: a request the HTTP parser refuses (400,
  // 431; the contract files and custom endpoints too), a bad parameter or body (400), an
  // oversize body on a method that may carry one (413), a dead token where a token is read (401), and a database
  // that is unavailable, or (on a write) lost the connection while committing (503).
  for (const [p, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      op.description ??= DESCRIPTIONS[op['x-cms'].kind]
      const responses = op.responses as Record<string, unknown>
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
    tags: tagsOf(config, paths),
    paths: Object.fromEntries(Object.entries(paths).map(([p, item]) => [p, sortMethods(item)])),
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

/** What each kind of operation does, for the reference page and anyone reading the contract. */
const DESCRIPTIONS = {
  find: 'Lists the documents the caller may read (a Where from read access is ANDed in), filtered by `where`, sorted and paginated; `depth` populates relations, `select` and `populate` trim fields.',
  findByID:
    'Reads one document by id; one the caller may not read answers as if it did not exist (404).',
  count: 'Counts the documents matching `where` that the caller may read.',
  findDistinct:
    "Lists the distinct values of one field among the documents matching `where` that the caller may read, as Payload's findDistinct answers them (`values: [{ <field>: value }]`, paginated with `limit`; every value without it). `sort` is the field (default ascending) or another field. A field the caller may not read is a 400. Payload 3 has the operation but does not route it; this route is an extension (docs/decisions.md).",
  create:
    'Creates a document (create access), validated and through the hooks; answers 201 with the document read back at `depth`.',
  update: 'Updates one document by id (update access); only the fields sent change.',
  updateMany:
    'Updates every document matching `where` that the caller may update; the answer lists the updated documents and any error per id.',
  delete: 'Deletes one document by id (delete access), with its versions.',
  deleteMany:
    'Deletes every document matching `where` that the caller may delete; the answer lists the deleted documents and any error per id.',
  duplicate:
    "Creates a copy of a document the caller may read (create access): every locale is copied, the body's fields are written over the copy, unique fields follow their beforeDuplicate hooks (a unique text gets ' - Copy'); `draft` defaults to true where the collection keeps drafts. Answers 200, as Payload.",
  access:
    "What the caller may do, per collection, global and field (Payload's shape): allowed operations are `true`, or `{ permission: true, where }` when access returned a Where (not evaluated here); denied ones are left out.",
  docAccess:
    'What the caller may do with one document: access functions get the body (or the stored document) as `data`, and a Where they return is matched against the stored document.',
  findVersions: 'Lists versions, newest first (readVersions access).',
  findVersionByID: 'Reads one version by id (readVersions access).',
  restoreVersion: 'Makes a version the current document again (update access).',
  findGlobal: 'Reads the global (its read access); with `draft=true`, its newest version.',
  updateGlobal:
    'Writes the global (its update access); only the fields sent change. With versions each save is a version; a draft saved over the published global is only a version.',
  findGlobalVersions: "Lists the global's versions, newest first (readVersions access).",
  findGlobalVersionByID: 'Reads one version of the global by id (readVersions access).',
  restoreGlobalVersion:
    "Makes a version the global's content again (update access); answers `{ doc, message }`.",
  login:
    'Checks email and password; answers a token, also set as an HTTP-only cookie, and the user. Failed attempts lock the account for a while and are rate-limited (429).',
  logout: 'Ends the session of the token or cookie sent.',
  me: 'The logged-in user of this collection and the session expiry, or `user: null`.',
  refreshToken: 'Extends the session (within its absolute lifetime) and answers a fresh token.',
  forgotPassword:
    'Emails a reset link when the address belongs to a user; the answer is the same either way.',
  resetPassword:
    "Sets a new password with a reset token and ends the user's other sessions; an account waiting for its email verification is verified by it.",
  verifyEmail:
    'Marks the account the token was mailed for as verified (auth.verify); the token works once. An unknown token is a 403.',
  unlock:
    "Clears an account's failed logins and lock (access.unlock; default: the collection's update access on that account). An unknown email is answered like an account the caller may not unlock: 403, or 401 for an anonymous caller.",
  init: 'Whether the collection has any user yet: until it does, first-register is open to anyone.',
  registerFirstUser:
    'Creates the first user of the collection (no access asked; verified when auth.verify is on) and logs them in; 403 once any user exists.',
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
    ['Access', "The caller's permissions"],
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
