/**
 * The OpenAPI 3.1 contract of the REST API, a pure function of the sanitised config. Every operation carries a
 * stable `operationId` (see docs/contracts.md for the scheme) and an `x-cms` extension telling the server which
 * Local operation serves it, so the server routes and validates by the contract alone.
 *
 * This module orchestrates; the parts are under `openapi/`: shared helpers (`shared.ts`), the shared components
 * (`components.ts`), the paths of the system (`system-paths.ts`), collections (`collection-paths.ts`,
 * `collection-ops.ts`), auth (`auth-paths.ts`), globals (`global-paths.ts`) and custom endpoints
 * (`endpoint-paths.ts`), the schemas of collections and globals (`entity-schemas.ts`) and of permissions
 * (`permission-schemas.ts`), the outgoing webhooks (`webhooks.ts`), the descriptions by kind (`config/kinds.ts`) and the finished document
 * (`document.ts`).
 */
import { SYSTEM_COLLECTIONS } from '../config/events.ts'
import { DOCUMENT_LOCK } from './openapi/lock-paths.ts'
import type { SanitizedConfig } from '../config/types.ts'
import { parserBody, type ContractDocument, type PathItem } from './operation.ts'
import { ordersComponents, ordersPaths } from './orders.ts'
import { NOT_BLANK_PATTERN } from './patterns.ts'
import { unrollCycles } from './unroll.ts'
import { addQueryExamples } from './examples.ts'
import { addLinks } from './links.ts'
import { collectionNames, pathWords } from '../config/names.ts'
import { anyIdSchema, ref, type Schema, type SchemaContext } from './schemas.ts'
import { whereComponents } from './where-schema.ts'
import { errorResponses, sharedParameters, sharedSchemas } from './openapi/components.ts'
import { accessPath, systemPaths } from './openapi/system-paths.ts'
import { collectionPaths } from './openapi/collection-paths.ts'
import { globalPaths } from './openapi/global-paths.ts'
import { endpointPath } from './openapi/endpoint-paths.ts'
import { collectionSchemas, globalSchemas } from './openapi/entity-schemas.ts'
import { permissionSchema } from './openapi/permission-schemas.ts'
import { webhooks } from './openapi/webhooks.ts'
import {
  assembleDocument,
  conditionalComponents,
  declareCommonResponses,
} from './openapi/document.ts'

export { NOT_BLANK_PATTERN }
export type { OperationMeta } from './operation.ts'
export { joinsSchema } from './openapi/entity-schemas.ts'
export { endpointDefaultStatuses } from './openapi/endpoint-paths.ts'

/** Compiles the config into the OpenAPI 3.1 document, as the JSON it is written as (files, tools, tests). */
export function compileOpenAPI(config: SanitizedConfig): Record<string, unknown> {
  return compileContract(config)
}

/** The OpenAPI 3.1 document with its paths typed as compiled: what the server routes by. */
export function compileContract(config: SanitizedConfig): ContractDocument {
  const ctx: SchemaContext = { config, components: {} }
  const anyId = anyIdSchema(config)
  const schemas: Record<string, Schema> = sharedSchemas(anyId)
  /** How many levels a self-referring schema unrolls to: documents `typedDepth + 1`, Wheres the nesting limit. */
  const depthBound = new Map<string, number>()
  const typedDepth = Math.min(config.defaultDepth, config.maxDepth)
  const documentNames = new Set(config.collections.map((c) => collectionNames(c).singular))
  const paths: Record<string, PathItem> = {}

  systemPaths(config, paths)
  for (const c of config.collections) {
    collectionSchemas(config, c, ctx, schemas, depthBound, typedDepth)
    collectionPaths(config, c, paths, ctx)
  }
  for (const g of config.globals) {
    globalSchemas(g, ctx, schemas, depthBound)
    globalPaths(config, g, paths)
  }
  accessPath(config, paths)
  schemas.Permission = permissionSchema()
  if (config.collectionsBySlug.has(SYSTEM_COLLECTIONS.locks)) schemas.DocumentLock = DOCUMENT_LOCK
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
  const used = JSON.stringify({ acyclic, paths })
  for (const name of Object.keys(whereComponents()))
    if (!used.includes(`"#/components/schemas/${name}"`)) delete acyclic[name]

  // The events POSTed to subscribers (top-level `webhooks`), with their envelope schemas.
  const hooks = webhooks(config, acyclic)

  // The statuses every operation can meet (openapi/document.ts), then the document.
  declareCommonResponses(paths)
  if (JSON.stringify(paths).includes('"#/components/parameters/IfNoneMatch"')) {
    parameters.IfNoneMatch = conditionalComponents.parameter
    responses.NotModified = conditionalComponents.response
  }
  return assembleDocument(config, paths, acyclic, parameters, responses, hooks)
}
