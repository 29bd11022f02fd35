/**
 * The REST paths of a collection: list, create, bulk update and delete, count, distinct values, versions, by id
 * (read, update, delete), duplicate and document access; the auth and custom endpoint paths are added in
 * between, in the order the document lists them.
 */
import type { SanitizedCollection, SanitizedConfig } from '../../config/types.ts'
import { fieldType, objectFields, relationOf } from '../../fields/registry.ts'
import { body, json, type PathItem } from '../operation.ts'
import { sortParam } from '../sort.ts'
import { pathWords } from '../../config/names.ts'
import { documentSchema, ref, type Schema, type SchemaContext } from '../schemas.ts'
import { errors, MESSAGE, optionalBody, param, selectParam, whereParam } from './shared.ts'
import { authFlowPaths, authPaths } from './auth-paths.ts'
import { endpointPath } from './endpoint-paths.ts'
import { collectionOps, type CollectionOps } from './collection-ops.ts'
import { uploadPaths } from './upload-paths.ts'
import { formStatePath } from './form-state-paths.ts'
import { urlOnServer } from '../../config/live-preview.ts'
import { lockPaths } from './lock-paths.ts'
import { MAX_PATH_ID } from '../../local/params.ts'

/** Every path of a collection, in the order the document lists them. */
export function collectionPaths(
  config: SanitizedConfig,
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  ctx: SchemaContext,
): void {
  const o = collectionOps(config, c, paths, ctx)
  const { singular, base, tag } = o
  listPaths(o)
  countPaths(o)
  formStatePath(paths, {
    base,
    operationId: `formState${singular}`,
    label: c.labels.plural,
    tags: tag,
    meta: o.meta('formState'),
    fields: c.flatFields,
    livePreview: urlOnServer(config, 'collection', c.slug),
    id:
      c.idType === 'serial'
        ? { type: 'integer', minimum: 1, maximum: MAX_PATH_ID }
        : c.idType === 'number'
          ? { type: 'number' }
          : { type: 'string', minLength: 1 },
  })
  if (c.versionsCollection) versionPaths(o, c.versionsCollection)
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
  byIdPaths(o)
  if (o.locked.length)
    lockPaths(paths, {
      base: `${base}/{id}/lock`,
      name: singular,
      label: c.labels.singular,
      tags: tag,
      meta: o.meta,
      id: docIdParam(c),
    })
  if (c.upload) uploadPaths(o, c.upload)
}

/** A bulk write's `limit` (Payload's): at most this many of the matching documents, in `sort` order. */
const BULK_LIMIT: Schema = {
  name: 'limit',
  in: 'query',
  description:
    'Changes at most this many of the matching documents, in `sort` order (default, or 0: every match).',
  schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
}

/** List, create, and the bulk update and delete matching `where`. */
function listPaths(o: CollectionOps): void {
  const { config, c, paths, singular, plural, base, tag, where, meta } = o
  const { read, writeParams, trash, joins, docMessage, bulk, limited } = o
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
        sortParam(c, config),
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
        ...errors(400, 401, 403, 413, ...limited, 500),
      },
    },
    patch: {
      operationId: `update${plural}`,
      summary: `Update every ${c.labels.singular} matching where`,
      tags: tag,
      'x-cms': meta('updateMany'),
      parameters: [
        whereParam(config, where, true),
        BULK_LIMIT,
        sortParam(c),
        ...writeParams,
        trash,
        ...o.lock,
      ],
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
      parameters: [
        whereParam(config, where, true),
        BULK_LIMIT,
        sortParam(c),
        param('depth'),
        trash,
        ...o.lock,
      ],
      responses: {
        200: json(bulk, 'The deleted documents, and the ones that failed'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
}

/** Count and distinct values. */
function countPaths(o: CollectionOps): void {
  const { config, c, paths, plural, base, tag, where, meta, trash } = o
  paths[`${base}/count`] = {
    get: {
      operationId: `count${plural}`,
      summary: `Count ${c.labels.plural}`,
      tags: tag,
      'x-cms': meta('count'),
      parameters: [whereParam(config, where), param('locale'), param('draft'), trash],
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
        sortParam(c, config),
        param('depth'),
        param('locale'),
        trash,
      ],
      responses: {
        200: json(ref(`${plural}Distinct`), 'The distinct values'),
        ...errors(400, 401, 403, 500),
      },
    },
  }
}

/** The versions of a collection with versions: list, one, restore. */
function versionPaths(o: CollectionOps, versionsCollection: SanitizedCollection): void {
  const { config, c, paths, ctx, singular, base, tag, meta, trash } = o
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
        sortParam(versionsCollection, config),
        param('depth'),
        selectParam(`${singular}VersionSelect`),
        param('locale'),
        param('fallbackLocale'),
        param('fallbackLocaleName'),
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
        param('locale'),
        param('fallbackLocale'),
        param('fallbackLocaleName'),
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
            properties: { ...documentSchema(c, ctx).properties, message: MESSAGE },
          },
          'The restored document, with a message',
        ),
        ...errors(400, 401, 403, 404, 500),
      },
    },
  }
}

/** The document id of the by-id routes: the shared integer parameter, or the collection's own id schema. */
const docIdParam = (c: SanitizedCollection): Schema =>
  c.idType === 'serial'
    ? param('id')
    : {
        name: 'id',
        in: 'path',
        required: true,
        description: `The document id (${c.idType === 'uuid' ? 'a UUID' : `the custom ${c.idType} id`}).`,
        schema: c.idType === 'number' ? { type: 'number' } : { type: 'string', minLength: 1 },
      }

/** By id (read, update, delete), duplicate and document access: after the fixed paths in the document too. */
function byIdPaths(o: CollectionOps): void {
  const { config, c, paths, singular, base, tag, doc, meta } = o
  const { read, writeParams, trash, joins, docMessage, limited } = o
  const docId = docIdParam(c)
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
        ...o.lock,
      ],
      requestBody: body(ref(`${singular}UpdateInput`)),
      responses: {
        200: json(docMessage, 'Updated'),
        ...errors(400, 401, 403, 404, 413, ...o.locked, ...limited, 500),
      },
    },
    delete: {
      operationId: `delete${singular}`,
      summary: `Delete a ${c.labels.singular}`,
      tags: tag,
      'x-cms': meta('delete'),
      parameters: [docId, param('depth'), trash, ...o.lock],
      responses: {
        200: json(docMessage, 'Deleted'),
        ...errors(400, 401, 403, 404, ...o.locked, 500),
      },
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
          ...errors(400, 401, 403, 404, 413, ...limited, 500),
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
      parameters: [docId, param('locale')],
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

/** The fields findDistinct lists values of: one value per document (`valueExpression` in db/where.ts). */
function distinctPaths(c: SanitizedCollection): string[] {
  const out = ['id', ...(c.timestamps ? ['createdAt', 'updatedAt'] : [])]
  const walk = (fields: SanitizedCollection['flatFields'], prefix: string) => {
    for (const f of fields) {
      // A join or virtual field has no stored value (valueExpression in db/where.ts finds no column).
      const type = fieldType(f)
      if (f.hidden || f.virtual || type.computed) continue
      const group = objectFields(f)
      if (group) {
        if (!f.localized) walk(group, `${prefix}${f.name}.`)
        continue
      }
      // Lists, documents and points hold more than one value; a polymorphic relation a pair.
      if (type.geo || type.jsonStored?.(f) || relationOf(f)?.polymorphic) continue
      out.push(`${prefix}${f.name}`)
    }
  }
  walk(c.flatFields, '')
  return out
}
