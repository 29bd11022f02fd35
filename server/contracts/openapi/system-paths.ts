/**
 * The paths of the CMS itself: the health check, the API's index (`/`), the contract files and the reference
 * page (static), and the caller's permissions (`/access`).
 */
import type { SanitizedConfig } from '../../config/types.ts'
import { json, type PathItem } from '../operation.ts'
import { ref, type Schema } from '../schemas.ts'
import { errors, param } from './shared.ts'
import { accessResultsSchema } from './permission-schemas.ts'

/** The health check, the index, the contract files and the reference page. */
export function systemPaths(config: SanitizedConfig, paths: Record<string, PathItem>): void {
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
  indexPath(paths)
  contractFilePaths(config, paths)
}

/** An entry of the index: a slug and its route. */
const entry = (what: string): Schema => ({
  type: 'object',
  required: ['slug', 'url'],
  properties: {
    slug: { type: 'string', description: `The ${what}'s slug` },
    url: { type: 'string', description: `Its route (a path on this server)` },
  },
  additionalProperties: false,
})

/** `GET /` (the API's root, `/api`): the index of what this API serves to the caller (http/rest/api-index.ts). */
function indexPath(paths: Record<string, PathItem>): void {
  const address = (description: string) => ({ type: 'string', description })
  paths['/'] = {
    get: {
      operationId: 'apiIndex',
      summary: 'What this API serves: its collections, globals, login routes and pages',
      tags: ['System'],
      'x-cms': { kind: 'apiIndex' },
      security: [],
      responses: {
        200: json(
          {
            type: 'object',
            required: ['api', 'collections', 'globals', 'login', 'health'],
            properties: {
              api: address("The REST API's root"),
              collections: {
                type: 'array',
                description:
                  'The collections the caller may read (read access, asked without a document)',
                items: entry('collection'),
              },
              globals: {
                type: 'array',
                description: 'The globals the caller may read',
                items: entry('global'),
              },
              login: {
                type: 'array',
                description: 'The login route of every auth collection',
                items: {
                  type: 'object',
                  required: ['collection', 'url'],
                  properties: { collection: { type: 'string' }, url: { type: 'string' } },
                  additionalProperties: false,
                },
              },
              graphql: address('The GraphQL endpoint (unless graphQL.disable)'),
              graphqlPlayground: address('The GraphiQL playground, when served'),
              docs: address('The API reference page, when served'),
              openapi: address('This OpenAPI document, when served'),
              graphqlSchema: address('The GraphQL SDL, when served'),
              health: address('The health check'),
              admin: address('The admin web app (unless admin.disable)'),
            },
            additionalProperties: false,
          },
          'The index',
        ),
      },
    },
  }
}

/** The contract files and the reference page. */
function contractFilePaths(config: SanitizedConfig, paths: Record<string, PathItem>): void {
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
}

/** `GET /access`: what the caller may do, per collection, global and field. */
export function accessPath(config: SanitizedConfig, paths: Record<string, PathItem>): void {
  paths['/access'] = {
    get: {
      operationId: 'access',
      summary: 'What the caller may do, per collection, global and field',
      tags: ['Access'],
      'x-cms': { kind: 'access' },
      parameters: [param('locale')],
      responses: {
        200: json(accessResultsSchema(config), "The caller's permissions"),
        ...errors(401, 500),
      },
    },
  }
}
