/** The REST paths of a global: read, write, document access and, with versions, its versions. */
import { formStatePath } from './form-state-paths.ts'
import { urlOnServer } from '../../config/live-preview.ts'
import { lockPaths } from './lock-paths.ts'
import { isLockable } from '../../config/sanitize/locked-documents.ts'
import type { SanitizedCollection, SanitizedConfig, SanitizedGlobal } from '../../config/types.ts'
import type { OperationKind } from '../../config/kinds.ts'
import { body, json, type OperationMeta, type PathItem } from '../operation.ts'
import { sortParam } from '../sort.ts'
import { globalName } from '../../config/names.ts'
import { ref } from '../schemas.ts'
import {
  errors,
  MESSAGE,
  optionalBody,
  param,
  readParams,
  selectParam,
  whereParam,
} from './shared.ts'

/** A global's type name, the base path of its routes, and the `x-cms` facts of one of its operations. */
function globalScope(g: SanitizedGlobal) {
  return {
    name: globalName(g),
    base: `/globals/${g.slug}`,
    meta: (kind: OperationKind): OperationMeta => ({ kind, global: g.slug }),
  }
}

export function globalPaths(
  config: SanitizedConfig,
  g: SanitizedGlobal,
  paths: Record<string, PathItem>,
): void {
  const { name, base, meta } = globalScope(g)
  const read = readParams(config, true, `${name}Select`)
  const lockable = isLockable(config, g)
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
      parameters: [
        ...read,
        ...(g.versions && g.versions.autosave ? [param('autosave')] : []),
        ...(lockable ? [param('overrideLock')] : []),
      ],
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
        ...errors(400, 401, 403, 413, ...(lockable ? ([423] as const) : []), 500),
      },
    },
  }
  paths[`/globals/${g.slug}/access`] = {
    post: {
      operationId: `docAccess${name}`,
      summary: `What the caller may do with ${g.label}`,
      tags: ['Globals'],
      'x-cms': meta('docAccess'),
      parameters: [param('locale')],
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
  formStatePath(paths, {
    base,
    operationId: `formState${name}`,
    label: g.label,
    tags: ['Globals'],
    meta: meta('formState'),
    fields: g.flatFields,
    livePreview: urlOnServer(config, 'global', g.slug),
  })
  if (lockable)
    lockPaths(paths, { base: `${base}/lock`, name, label: g.label, tags: ['Globals'], meta })
  if (g.versionsCollection) globalVersionPaths(config, g, g.versionsCollection, paths)
}

/** The versions of a global with versions: list, one, restore. */
function globalVersionPaths(
  config: SanitizedConfig,
  g: SanitizedGlobal,
  versionsCollection: SanitizedCollection,
  paths: Record<string, PathItem>,
): void {
  const { name, base, meta } = globalScope(g)
  const drafts = Boolean(g.versions && g.versions.drafts)
  const localized = [param('locale'), param('fallbackLocale'), param('fallbackLocaleName')]
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
        sortParam(versionsCollection, config),
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
