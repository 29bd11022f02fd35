/**
 * The paths of the CMS itself: the health check, the contract files and the reference page (static), and
 * the caller's permissions (`/access`).
 */
import type { SanitizedConfig } from '../../config/types.ts'
import { json, type PathItem } from '../operation.ts'
import { ref } from '../schemas.ts'
import { errors, param } from './shared.ts'
import { accessResultsSchema } from './permission-schemas.ts'

/** The health check, the contract files and the reference page. */
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
  contractFilePaths(config, paths)
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
