/**
 * The shared components of the contract: the common parameters, the shared schemas (Count, Message,
 * BulkErrors, Error, the Where operators), the page of a list, and the error responses.
 */
import { SYSTEM_COLLECTIONS } from '../../config/events.ts'
import type { SanitizedConfig } from '../../config/types.ts'
import { headersTooLarge, pageParameter } from '../operation.ts'
import { MAX_PATH_ID } from '../../local/params.ts'
import { fallbackLocaleSchema, ref, type ObjectSchema, type Schema } from '../refs.ts'
import { whereComponents } from '../where-schema.ts'
import { jsonParam, MESSAGE } from './shared.ts'

export function sharedParameters(config: SanitizedConfig): Record<string, Schema> {
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
      description: `false returns every match (or \`limit\` of them) without a count; at most ${config.maxLimit}.`,
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
        'true reads the newest drafts / saves as a draft (with versions.drafts; elsewhere accepted and ignored). false, the default, reads and saves published content. A draft save (true, and a body whose _status is not "published") may leave out, or send empty, the fields the body schema marks required, as Payload\'s draft saves do; the body schema states the rule of a save without it, since a body schema cannot read a query parameter.',
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
  if (config.collectionsBySlug.has(SYSTEM_COLLECTIONS.locks))
    params.overrideLock = {
      name: 'overrideLock',
      in: 'query',
      description:
        "Document locking (lockDocuments): false, the default on a collection's update and delete, refuses the write with 423 while another user holds the document's lock; true writes anyway. On a global's update the default is true, as in Payload; false asks for the check. Either way the write releases the document's locks.",
      schema: { type: 'boolean' },
    }
  Object.assign(params, localeParameters(config))
  return params
}

/** `locale`, `fallback-locale` (and `fallbackLocale`), and `selectedLocales` with localization. */
function localeParameters(config: SanitizedConfig): Record<string, Schema> {
  const params: Record<string, Schema> = {}
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
      description:
        'A locale, or several joined by commas (tried in order; Payload\'s `fallbackLocale[]=…` is accepted too); "none" turns fallback off.',
      schema: fallbackLocaleSchema(codes),
    }
  } else {
    // Without localization Payload ignores both, so a client that always sends them (as @payloadcms/sdk may) works.
    params.locale = {
      name: 'locale',
      in: 'query',
      description: 'Accepted and ignored: the config has no localization.',
      schema: { type: 'string' },
    }
    params.fallbackLocale = {
      name: 'fallback-locale',
      in: 'query',
      description: 'Accepted and ignored: the config has no localization.',
      schema: { type: 'string' },
    }
  }
  // Payload's query parser also reads the camelCase name (a client building its own query, or a copied URL).
  params.fallbackLocaleName = {
    ...params.fallbackLocale,
    name: 'fallbackLocale',
    description: 'The same as `fallback-locale`; this one wins when both are given (as Payload).',
  }
  return params
}

export function sharedSchemas(anyId: Schema): Record<string, Schema> {
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

export function paginated(items: Schema): ObjectSchema {
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

export function errorResponses(): Record<string, Schema> {
  const error = (description: string, headers?: Schema) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ref('Error') } },
  })
  return {
    BadRequest: error(
      'The request is malformed: a validation error (data.errors lists every failing field; a value another document already holds is "Value must be unique" on its path), a bad query (QueryError), a bad parameter, or a request over a per-request limit (LimitExceeded: data.limit names the config key, data.max its value; see docs/reliability.md)',
    ),
    Unauthorized: error('Not logged in (or the token is invalid, expired or logged out)', {
      'WWW-Authenticate': { schema: { type: 'string' } },
    }),
    Forbidden: error('Logged in, but not allowed'),
    NotFound: error('No such document (or the caller may not see it)'),
    Conflict: error('The document is not in a state that allows this'),
    PayloadTooLarge: error('The request body is too large'),
    Locked: error(
      'Another user holds the lock of the document (lockDocuments; docs/admin.md): a REST update or delete without `overrideLock=true` is refused while the lock lasts. From the lock routes, data names the holder.',
    ),
    RequestHeaderFieldsTooLarge: headersTooLarge(ref('Error')),
    TooManyRequests: error('Too many attempts; retry later', {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' },
    }),
    InternalError: error(
      'Something went wrong (details are logged with the request id, never returned)',
    ),
    ServiceUnavailable: error(
      'The database is unavailable (data.reason "databaseUnavailable"; retry shortly), or the connection was lost while this write was committing (data.reason "commitOutcomeUnknown": it may or may not have been applied; read the data back before sending it again), or the write kept conflicting with concurrent writes through other database nodes (data.reason "writeConflict": not applied; retry shortly), or the server is processing as many images as limits.images allows (data.reason "busy": nothing written; retry after Retry-After seconds)',
      {
        'Retry-After': {
          schema: { type: 'integer' },
          description: 'Seconds to wait (data.reason "busy").',
        },
      },
    ),
  }
}
