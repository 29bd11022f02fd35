/** The docAccess kind: what the caller may do with one document, or with a global. */
import { isRecord } from '../../utilities/is-record.ts'
import type { FlattenedField, SanitizedCollection, Where } from '../../config/types.ts'
import { ValidationError } from '../../errors/validation-error.ts'
import type {
  CollectionSlug,
  DocAccessArgs,
  DocAccessGlobalArgs,
  GlobalSlug,
} from '../../config/local-api.ts'
import { countDocs, selectIds } from '../../db/store.ts'
import { accessResult, combineWhere } from '../access.ts'
import { NotFound } from '../../errors/not-found.ts'
import type { Cms } from '../cms.ts'
import { documentMatches } from '../../config/document-match.ts'
import { accessOnVersions } from '../versions.ts'
import { idParam } from '../params.ts'
import {
  collectionOperations,
  entityPermissions,
  globalOperations,
  sanitizeEntity,
  type EntityPermission,
} from '../permissions.ts'
import { createLocalReq, executorFor } from '../request.ts'

/**
 * What the caller may do with document `id` (Payload's `POST /api/<slug>/access/<id>`): access functions get
 * `data` (or, without it, the stored document) and a Where they return is matched against the stored document
 * (`readVersions`: against its versions). 404 when the document does not exist or the caller may not read it.
 */
export async function docAccess<S extends CollectionSlug>(
  this: Cms,
  args: DocAccessArgs<S>,
): Promise<Record<string, unknown>> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  const id = idParam(args.id, collection)
  const stored = await this.findByID({
    collection: args.collection,
    id,
    depth: 0,
    fallbackLocale: false,
    req,
    overrideAccess: true,
  })
  const ex = executorFor(this, req)
  const ctx = this.queryContext(req.locale)
  // A document the caller may not read is answered as a missing one (the same 404), so the answer never tells
  // which ids exist. Read access decides on the stored document, never on the data the caller sent.
  const read = await accessResult(collection.access.read, { req, id }, false)
  if (
    read === false ||
    (read !== true &&
      (await selectIds(ex, ctx, collection, combineWhere({ id: { equals: id } }, read))).length ===
        0)
  )
    throw new NotFound()
  const p = await entityPermissions({
    req,
    access: collection.access,
    fields: collection.flatFields,
    timestamps: collection.timestamps,
    operations: collectionOperations(collection),
    id,
    data:
      dataOf(
        collection.flatFields,
        args.data,
        { collection: collection.slug },
        authKeys(collection),
      ) ?? (stored as unknown as Record<string, unknown>),
    evaluate: async (where, op) =>
      op === 'readVersions' && collection.versionsCollection
        ? (await countDocs(
            ex,
            ctx,
            collection.versionsCollection,
            combineWhere(accessOnVersions(where, collection.versionsCollection) as Where, {
              parent: { equals: id },
            }),
          )) > 0
        : (await selectIds(ex, ctx, collection, combineWhere({ id: { equals: id } }, where)))
            .length > 0,
  })
  return answer(p, args.raw)
}

/** The same for a global (`POST /api/globals/<slug>/access`): a Where is matched against the stored global. */
export async function docAccessGlobal<S extends GlobalSlug>(
  this: Cms,
  args: DocAccessGlobalArgs<S>,
): Promise<Record<string, unknown>> {
  const global = this.global(args.slug)
  const req = createLocalReq(this, args)
  const stored = (await this.findGlobal({
    slug: args.slug,
    depth: 0,
    fallbackLocale: false,
    req,
    overrideAccess: true,
  })) as unknown as Record<string, unknown>
  // A global never saved has no timestamps: it matches no Where (as updateGlobal decides).
  const saved = 'updatedAt' in stored ? stored : undefined
  const p = await entityPermissions({
    req,
    access: global.access,
    fields: global.flatFields,
    timestamps: true,
    operations: globalOperations(global),
    data: dataOf(global.flatFields, args.data, { global: global.slug }) ?? stored,
    evaluate: async (where: Where) => documentMatches(saved, where),
  })
  return answer(p, args.raw)
}

/** Keys a document carries besides its fields (a body read back from the API may hold them). */
const SYSTEM_KEYS = new Set(['id', 'createdAt', 'updatedAt', 'globalType'])

/**
 * The data handed to the access functions instead of the stored document: none for an empty body, else an
 * object of the entity's fields (400 naming every key that is not one, as a write would answer).
 */
function dataOf(
  fields: FlattenedField[],
  data: unknown,
  owner: { collection?: string; global?: string },
  writeOnly: string[] = [],
): Record<string, unknown> | undefined {
  if (data === undefined || data === null) return undefined
  if (!isRecord(data))
    throw new ValidationError({
      ...owner,
      errors: [
        { message: 'The request body must be a JSON object of fields.', path: '', label: 'data' },
      ],
    })
  const known = new Set(fields.map((f) => f.name))
  const unknownKeys = Object.keys(data).filter(
    (k) => !known.has(k) && !SYSTEM_KEYS.has(k) && !writeOnly.includes(k),
  )
  if (unknownKeys.length)
    throw new ValidationError({
      ...owner,
      errors: unknownKeys.map((k) => ({
        message: 'This field does not exist.',
        path: k,
        label: k,
      })),
    })
  return Object.keys(data).length ? data : undefined
}

/** The keys an auth collection's writes take beside its fields (the update input's): password, and apiKey. */
function authKeys(c: SanitizedCollection): string[] {
  if (!c.auth) return []
  return ['password', ...(c.auth.useAPIKey ? ['apiKey'] : [])]
}

function answer(p: EntityPermission, raw: boolean | undefined): Record<string, unknown> {
  if (raw) return p as unknown as Record<string, unknown>
  return sanitizeEntity(p) ?? {}
}
