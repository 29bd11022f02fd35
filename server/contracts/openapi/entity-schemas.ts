/**
 * The component schemas of collections and globals: documents, lists, distinct values, inputs (with the
 * password, API key and custom id of the collections that take them), Where, select, joins, versions and
 * permissions; and how deep each self-referring one unrolls.
 */
import type { SanitizedCollection, SanitizedConfig, SanitizedGlobal } from '../../config/types.ts'
import { WHERE_MAX_NESTING } from '../../config/where-operators.ts'
import { SELECT_SYSTEM_FIELDS } from '../../local/select.ts'
import { maxPage } from '../../local/params.ts'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../auth/password.ts'
import { collectionNames, globalName } from '../../config/names.ts'
import { idKind } from '../../config/ids.ts'
import {
  documentSchema,
  fieldsSchema,
  hooksFillFields,
  idSchema,
  inputSchema,
  ref,
  targetCollection,
  type ObjectSchema,
  type Schema,
  type SchemaContext,
} from '../schemas.ts'
import { selectSchema } from '../select-schema.ts'
import { whereSchema } from '../where-schema.ts'
import { paginated } from './components.ts'
import { jobCreateRules } from './jobs-input.ts'
import { SYSTEM_COLLECTIONS } from '../../config/events.ts'
import { entityPermissionSchema } from './permission-schemas.ts'

/** What `joins` takes for a collection: `false`, or per join field path `false` or its page options. */
export function joinsSchema(config: SanitizedConfig, c: SanitizedCollection): Schema {
  const properties: Schema = {}
  for (const j of c.joins) {
    const target = collectionNames(targetCollection(config, j.field.collection)).singular
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

/** A collection's component schemas, and the unrolling depth of its self-referring ones. */
export function collectionSchemas(
  config: SanitizedConfig,
  c: SanitizedCollection,
  ctx: SchemaContext,
  schemas: Record<string, Schema>,
  depthBound: Map<string, number>,
  typedDepth: number,
): void {
  const { singular, plural } = collectionNames(c)
  const document = documentSchema(c, ctx)
  schemas[singular] = document
  schemas[`${plural}List`] = paginated(ref(singular))
  const page = paginated({})
  schemas[`${plural}Distinct`] = {
    type: 'object',
    required: (page.required ?? []).map((k) => (k === 'docs' ? 'values' : k)),
    properties: Object.fromEntries(
      Object.entries(page.properties).map(([k, v]) =>
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
  inputSchemas(c, ctx, schemas, singular)
  schemas[`${singular}Where`] = whereSchema(
    `${singular}Where`,
    c.flatFields,
    c.timestamps,
    idKind(c),
    localeCodes(config),
  )
  schemas[`${singular}Select`] = selectSchema(c.flatFields, SELECT_SYSTEM_FIELDS)
  if (c.joins.length) schemas[`${singular}Joins`] = joinsSchema(config, c)
  depthBound.set(singular, typedDepth + 1)
  depthBound.set(`${singular}Where`, WHERE_MAX_NESTING)
  if (c.versionsCollection)
    collectionVersionSchemas(c, c.versionsCollection, document, schemas, depthBound)
  schemas[`${singular}Permissions`] = entityPermissionSchema(
    c.flatFields,
    c.timestamps,
    ['create', 'read', 'update', 'delete', ...(c.versions ? ['readVersions'] : [])],
    c.labels.singular,
  )
}

/** The create and update inputs of a collection: with its password and API key, or its custom id. */
function inputSchemas(
  c: SanitizedCollection,
  ctx: SchemaContext,
  schemas: Record<string, Schema>,
  singular: string,
): void {
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
  const create = inputSchema(
    c.flatFields,
    ctx,
    'create',
    password,
    hooksFillFields(c.hooks, c.flatFields),
  )
  schemas[`${singular}CreateInput`] = create
  if (c.auth) (create.required ??= []).push('password')
  if (c.slug === SYSTEM_COLLECTIONS.jobs) {
    const rules = jobCreateRules(ctx.config, ctx)
    if (rules.length) create.allOf = rules
  }
  const update = inputSchema(c.flatFields, ctx, 'update', password)
  schemas[`${singular}UpdateInput`] = update
  if (c.idField) {
    // A custom id: given on create (required); an update ignores it, a duplicate takes it as the copy's id.
    const id = { ...idSchema(idKind(c)), description: 'The custom id.' }
    // The custom id replaces the ignored system `id` (kept first, as in the read schema).
    const { id: _create, ...createRest } = create.properties
    create.properties = { id, ...createRest }
    // Required unless a defaultValue makes it.
    if (c.idField.defaultValue === undefined) create.required = ['id', ...(create.required ?? [])]
    const { id: _update, ...updateRest } = update.properties
    update.properties = {
      id: {
        ...id,
        description:
          "The copy's id when duplicating (required there); an update never changes the id and ignores it.",
      },
      ...updateRest,
    }
  }
}

/** A collection's version, its page and its Where and select. */
function collectionVersionSchemas(
  c: SanitizedCollection,
  versionsCollection: SanitizedCollection,
  document: ObjectSchema,
  schemas: Record<string, Schema>,
  depthBound: Map<string, number>,
): void {
  const { singular } = collectionNames(c)
  const { id: _id, ...versionProperties } = document.properties
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
    versionsCollection.flatFields,
    true,
  )
  schemas[`${singular}VersionSelect`] = selectSchema(
    versionsCollection.flatFields,
    SELECT_SYSTEM_FIELDS,
  )
  depthBound.set(`${singular}VersionWhere`, WHERE_MAX_NESTING)
}

/** A global's component schemas, and the unrolling depth of its version Where. */
export function globalSchemas(
  g: SanitizedGlobal,
  ctx: SchemaContext,
  schemas: Record<string, Schema>,
  depthBound: Map<string, number>,
): void {
  const name = globalName(g)
  const read = fieldsSchema(g.flatFields, 'read', ctx, false)
  const global: ObjectSchema = {
    ...read,
    required: ['globalType'],
    properties: {
      ...read.properties,
      globalType: { type: 'string', const: g.slug },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  }
  schemas[name] = global
  schemas[`${name}Input`] = inputSchema(g.flatFields, ctx, 'update')
  schemas[`${name}Select`] = selectSchema(g.flatFields, SELECT_SYSTEM_FIELDS)
  if (g.versionsCollection) {
    const { globalType: _type, ...versionProperties } = global.properties
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
    ['read', 'update', ...(g.versions ? ['readVersions'] : [])],
    g.label,
  )
}

/** The locale codes of the config (none without localization). */
const localeCodes = (config: SanitizedConfig): string[] =>
  config.localization ? config.localization.localeCodes : []
