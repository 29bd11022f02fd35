import type { CmsRequest, ID, SanitizedCollection, Where } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { docToRow } from '../../db/rows.ts'
import { selectById, selectIds, updateRow } from '../../db/store.ts'
import { APIError } from '../../errors/api-error.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { type QueryContext } from '../../db/where.ts'
import type { Cms } from '../cms.ts'
import { collectionOperation } from '../operation.ts'
import { stageWrite, type StagedFile } from '../upload/stage.ts'
import { keysOf, settleFiles, storeFile, type WriteFiles } from '../upload/store.ts'
import { depthParam, idParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type {
  BulkResult,
  CollectionSlug,
  DocOf,
  ReadArgs,
  UpdateArgs,
} from '../../config/local-api.ts'
import { trashAccess, updateMany } from './update-many.ts'
import { isAutosave, isDraft, latestVersion, saveVersion } from '../versions.ts'
import { hiddenInTrash } from '../trash.ts'
import { endAllSessions } from '../../db/stores/sessions.ts'
import { takeApiKey } from '../take-api-key.ts'
import { updateActions } from '../webhooks/actions.ts'
import { emitCollectionEvents } from '../webhooks/emit.ts'
import { prepareData, toEditable, toStored, withDraftStatus } from '../write.ts'
import { prehashPassword, takePassword, type PrehashedPassword } from '../password-write.ts'
import { afterChange, readBack } from '../written.ts'
import { checkDocumentLock } from '../locks.ts'

/** Updates one document by id, or every document matching `where` that the caller may update (`{ docs, errors }`). */
export async function update<S extends CollectionSlug>(
  this: Cms,
  args: UpdateArgs<S> & { id: number | string },
): Promise<DocOf<S>>
export async function update<S extends CollectionSlug>(
  this: Cms,
  args: UpdateArgs<S> & { where: object },
): Promise<BulkResult<DocOf<S>>>
export async function update(
  this: Cms,
  incoming: UpdateArgs<CollectionSlug>,
): Promise<Record<string, unknown> | BulkResult<Record<string, unknown>>> {
  const collection = this.collection(incoming.collection)
  const { upload } = collection
  const files: WriteFiles = { stored: [], replaced: [] }
  const run = collectionOperation<
    UpdateArgs<CollectionSlug>,
    Record<string, unknown> | BulkResult<Record<string, unknown>>,
    Prepared
  >(
    this,
    collection,
    ['update', incoming.id === undefined ? 'update' : 'updateByID'],
    incoming,
    async (args, { req, overrideAccess, prepared: { prehashed, staged } }) => {
      const tx = executorFor(this, req)
      const one = (id: ID, access: true | Where) =>
        updateOne(
          this,
          collection,
          tx,
          req,
          id,
          args.data,
          { ...args, overrideAccess, prehashed, staged, files },
          access,
        )
      if (args.id !== undefined) {
        const id = idParam(args.id, collection)
        const access = await trashAccess(
          collection,
          { req, id, data: args.data },
          overrideAccess,
          await executeAccess(
            collection.access.update,
            { req, id, data: args.data },
            overrideAccess,
          ),
        )
        return one(id, access)
      }
      return updateMany(this, collection, { tx, req, overrideAccess }, args, one)
    },
    {
      prepare: async (req, overrideAccess) => ({
        staged:
          incoming.id === undefined
            ? undefined
            : await stageWrite(this, collection, incoming, 'update', req, overrideAccess),
        prehashed: await prehashPassword(collection, incoming.data, req),
      }),
    },
  )
  return upload ? settleFiles(this, upload, run, files) : run
}

/** What an update prepares before its transaction: the password's hash and the upload's checked file. */
interface Prepared {
  prehashed: PrehashedPassword | undefined
  staged: StagedFile | undefined
}

/**
 * The document to update, its row locked until the transaction ends: 404 when it is missing or in the trash
 * (unless `trash`), 403 when the caller's access Where hides it (it exists).
 */
async function lockedForUpdate(
  tx: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  id: ID,
  trash: boolean | undefined,
  access: true | Where,
) {
  const main = await selectById(tx, ctx, collection, id, true)
  if (!main || hiddenInTrash(collection, main, trash)) throw new NotFound()
  if (
    access !== true &&
    (await selectIds(tx, ctx, collection, combineWhere({ id: { equals: id } }, access))).length ===
      0
  )
    throw new Forbidden()
  return main
}

/**
 * The update to write: the password and the API key taken out of the data, the rest through field access,
 * beforeValidate, validation and beforeChange over the original; with `touched`, the fields it changes. A new
 * password ends the user's other sessions.
 */
async function prepareUpdate(
  cms: Cms,
  tx: Executor,
  collection: SanitizedCollection,
  req: CmsRequest,
  id: ID,
  data: unknown,
  {
    draft,
    original,
    prehashed,
    overrideAccess,
  }: {
    draft: boolean
    original: Record<string, unknown>
    prehashed: PrehashedPassword | undefined
    overrideAccess: boolean
  },
) {
  const { data: withKey, secret } = await takePassword(collection, data, {
    req,
    operation: 'update',
    overrideAccess,
    prehashed,
    id,
    doc: original,
  })
  const key = await takeApiKey(cms.config, collection, withKey, {
    req,
    operation: 'update',
    overrideAccess,
  })
  const { doc, touched } = await prepareData({
    cms,
    ex: tx,
    fields: collection.flatFields,
    data: withDraftStatus(key.data, draft),
    req,
    operation: 'update',
    original,
    id,
    owner: { collection },
    overrideAccess,
    draft,
  })
  if (secret) {
    Object.assign(doc, secret)
    touched.push('hash', 'salt')
    // A new password ends every other session of the user: a stolen token dies with the old password.
    const own =
      req.user?.id === id && req.user.collection === collection.slug
        ? (req.auth as { claims?: { sid?: string } } | undefined)?.claims?.sid
        : undefined
    await endAllSessions(tx, collection.slug, id as number, own) // serial ids
  }
  if (key.index !== undefined) {
    doc.apiKeyIndex = key.index
    touched.push('apiKeyIndex')
  }
  return { doc, touched, key }
}

/**
 * The update of one document inside an open transaction. The row is locked while it is read and written, so
 * concurrent updates apply one after the other. A document hidden by an access Where is 403 (it exists).
 * With versions the update merges over the newest version; a draft saved over a published document is
 * written only as a new version, so readers without `draft: true` keep the published content. An autosave
 * overwrites the newest version when that one is an autosave too (`saveVersion`).
 */
export async function updateOne(
  cms: Cms,
  collection: SanitizedCollection,
  tx: Executor,
  req: CmsRequest,
  id: ID,
  data: unknown,
  args: ReadArgs & {
    overrideAccess: boolean
    prehashed?: PrehashedPassword
    autosave?: boolean
    trash?: boolean
    overrideLock?: boolean
    /** An upload collection's new file, and where its stored and replaced files are noted. */
    staged?: StagedFile
    files?: WriteFiles
  },
  access: true | Where,
) {
  const ctx = cms.queryContext(req.locale)
  const main = await lockedForUpdate(tx, ctx, collection, id, args.trash, access)
  await checkDocumentLock(cms, req, { collection, id }, args.overrideLock ?? true, 'updated')
  const draft = isDraft(collection, args.draft)
  const autosave = isAutosave(collection, args.autosave, `collection "${collection.slug}"`)
  const latest = await latestVersion(tx, ctx, collection, id)
  const base = latest ?? main
  const original = toEditable(cms, collection.flatFields, base, req)

  // --- validate
  const { doc, touched, key } = await prepareUpdate(cms, tx, collection, req, id, data, {
    draft,
    original,
    prehashed: args.prehashed,
    overrideAccess: args.overrideAccess,
  })
  if (collection.upload && args.staged) {
    // Sizes made anew from the stored original: another write replaced it meanwhile, so they are stale.
    if (args.staged.from !== undefined && main.filename !== args.staged.from)
      throw new APIError('The file of this document changed during the update; try again.', 409)
    const file = await storeFile(
      cms,
      req,
      collection,
      collection.upload,
      args.staged,
      args.overrideAccess,
    )
    args.files?.stored.push(...file.keys)
    Object.assign(doc, file.fields)
    touched.push(...Object.keys(file.fields))
    // Versions may still point at the old file (a restore brings it back): it stays while they do.
    if (!collection.versions) args.files?.replaced.push(...keysOf(main))
  }
  const storedForm = toStored(cms, collection.flatFields, structuredClone(doc), base, req)
  const now = new Date().toISOString()

  // --- write: only the fields the caller (or a hook) changed; everything when merging over a newer version
  const writeMain = !draft || main._status !== 'published'
  let stored: Record<string, unknown>
  if (writeMain) {
    const row = docToRow(cms.schema(collection.slug), storedForm, latest ? undefined : touched)
    if (collection.timestamps) row.updatedAt = now
    await updateRow(tx, ctx, collection, id, row)
    stored = await readBack(tx, ctx, collection, id)
  } else {
    stored = { ...storedForm, id, createdAt: main.createdAt, updatedAt: now }
  }
  await saveVersion(cms, tx, ctx, collection, id, stored, autosave)

  // --- afterChange, the events (outbox rows in this transaction), then read back
  const eventForm = structuredClone(stored)
  stored = await afterChange(cms, collection, stored, {
    req,
    data: doc,
    operation: 'update',
    original,
    overrideAccess: args.overrideAccess,
  })
  const actions = updateActions(collection, main, eventForm, writeMain)
  await emitCollectionEvents(cms, req, collection, actions, eventForm)
  const [out] = await readDocs(cms, collection, [stored], req, {
    ...args,
    depth: depthParam(cms, args.depth),
    localized: true,
  })
  if (key.key) out.apiKey = key.key // shown once: this answer only
  return out
}
