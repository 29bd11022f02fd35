import type { CmsRequest, SanitizedCollection } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import { docToRow } from '../../db/rows.ts'
import type { CollectionSchema } from '../../db/schema.ts'
import type { QueryContext } from '../../db/where.ts'
import { insertRow } from '../../db/store.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { collectionOperation } from '../operation.ts'
import { depthParam } from '../params.ts'
import { readDocs } from '../read.ts'
import { executorFor } from '../request.ts'
import type { CollectionSlug, CreateArgs, DocOf } from '../../config/local-api.ts'
import { isDraft, saveVersion } from '../versions.ts'
import { takeApiKey, type TakenApiKey } from '../take-api-key.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import { sendVerificationEmail } from './auth/emails.ts'
import { sha256, type AuthCollection } from './auth/shared.ts'
import { duplicateSource } from '../duplicate.ts'
import { stageWrite, type StagedFile } from '../upload/stage.ts'
import { settleFiles, storeFile } from '../upload/store.ts'
import { idParam } from '../params.ts'
import { createActions } from '../webhooks/actions.ts'
import { emitCollectionEvents } from '../webhooks/emit.ts'
import { prepareData, toEditable, toStored, withDraftStatus } from '../write.ts'
import { prehashPassword, takePassword, type PrehashedPassword } from '../password-write.ts'
import { afterChange, readBack } from '../written.ts'

/** What a create writes, with what its answer and its verification email need. */
interface PreparedCreate {
  /** The validated document, with its password hash, API key index and verification token's hash set. */
  doc: Record<string, unknown>
  /** The API key taken from the data (shown once, in this answer). */
  key: TakenApiKey
  /** The single-use token of `auth.verify`, mailed once the account is written. */
  verificationToken?: string
}

/**
 * The document to insert: the password and the API key taken out of the data, the rest through field access,
 * beforeValidate, validation and beforeChange (over a duplicate's source), then the auth secrets set on it.
 */
async function prepareCreate(
  cms: Cms,
  tx: Executor,
  collection: SanitizedCollection,
  req: CmsRequest,
  {
    data,
    draft,
    source,
    prehashed,
    overrideAccess,
  }: {
    data: unknown
    draft: boolean
    source: Record<string, unknown> | undefined
    prehashed: PrehashedPassword | undefined
    overrideAccess: boolean
  },
): Promise<PreparedCreate> {
  const { data: withKey, secret } = await takePassword(collection, data, {
    req,
    operation: 'create',
    overrideAccess,
    prehashed,
  })
  const key = await takeApiKey(cms.config, collection, withKey, {
    req,
    operation: 'create',
    overrideAccess,
  })
  const { doc } = await prepareData({
    cms,
    ex: tx,
    fields: collection.flatFields,
    data: withDraftStatus(key.data, draft),
    req,
    operation: 'create',
    owner: { collection },
    overrideAccess,
    draft,
    base: source && toEditable(cms, collection.flatFields, source, req),
  })
  if (secret) Object.assign(doc, secret)
  if (key.index !== undefined) doc.apiKeyIndex = key.index
  // auth.verify: an account not created verified gets a single-use token (stored as its SHA-256), mailed by create.
  let verificationToken: string | undefined
  if (collection.auth && collection.auth.verify && doc._verified !== true) {
    verificationToken = randomBytes(20).toString('hex')
    Object.assign(doc, { _verified: false, _verificationToken: sha256(verificationToken) })
  }
  return { doc, key, verificationToken }
}

/** What a create prepares before its transaction: the password's hash and the upload's checked file. */
interface Prepared {
  prehashed: PrehashedPassword | undefined
  staged: StagedFile | undefined
}

/** Inserts the document (timestamps, id) and saves its first version: the stored document, read back. */
async function insertDoc(
  cms: Cms,
  tx: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  schema: CollectionSchema,
  doc: Record<string, unknown>,
  source: Record<string, unknown> | undefined,
  req: CmsRequest,
) {
  const row = docToRow(
    schema,
    toStored(cms, collection.flatFields, structuredClone(doc), source, req),
  )
  if (collection.timestamps) row.createdAt = row.updatedAt = new Date().toISOString()
  // A custom id comes with the data (validated, hooks may set it); a UUID is made here; serial: the database's.
  if (collection.idType === 'uuid') row.id = randomUUID()
  else if (collection.idType !== 'serial') row.id = doc.id
  const id = await insertRow(tx, ctx, collection, row)
  const stored = await readBack(tx, ctx, collection, id)
  await saveVersion(cms, tx, ctx, collection, id, stored, false, true)
  return stored
}

/**
 * Creates a document in one transaction: access, hooks, defaults, validation, insert (unique violations → 409),
 * first version, afterChange hooks, read back. A throw anywhere, hooks included, rolls everything back.
 * Localized values go to the request's locale; a draft (`draft: true`, or `_status` "draft", the default with drafts)
 * may leave required fields empty; a published document may not.
 * With `duplicateFromID` the new document is a copy of that one (read access on it applies too): `data` is
 * written over the copy in the request's locale, and the copy's other locales are kept.
 */
export async function create<S extends CollectionSlug>(
  this: Cms,
  incoming: CreateArgs<S>,
): Promise<DocOf<S>>
export async function create(
  this: Cms,
  incoming: CreateArgs<CollectionSlug>,
): Promise<Record<string, unknown>> {
  const collection = this.collection(incoming.collection)
  const schema = this.schema(collection.slug)
  const { upload } = collection
  // The files this create stored: removed when anything after them fails (the document is then not written).
  const storedKeys: string[] = []
  let cleanup: (() => Promise<void>) | undefined
  const run = collectionOperation<CreateArgs<CollectionSlug>, Record<string, unknown>, Prepared>(
    this,
    collection,
    ['create', 'create'],
    incoming,
    async (args, { req, overrideAccess, prepared: { prehashed, staged } }) => {
      const depth = depthParam(this, args.depth)
      const draft = isDraft(collection, args.draft)
      const ctx = this.queryContext(req.locale)
      const tx = executorFor(this, req)
      // --- a duplicate's source (read access), before create access as Payload does
      const source =
        args.duplicateFromID === undefined || args.duplicateFromID === null
          ? undefined
          : await duplicateSource(
              this,
              tx,
              collection,
              req,
              idParam(args.duplicateFromID, collection),
              { overrideAccess, selectedLocales: args.selectedLocales, trash: args.trash },
            )
      await executeAccess(collection.access.create, { req, data: args.data }, overrideAccess)

      // --- validate (field access, beforeValidate, validation, beforeChange)
      const { doc, key, verificationToken } = await prepareCreate(this, tx, collection, req, {
        data: args.data,
        draft,
        source,
        prehashed,
        overrideAccess,
      })

      // --- the file of an upload collection, stored under a free name, then the document
      if (upload && staged) {
        const file = await storeFile(this, req, collection, upload, staged, overrideAccess)
        storedKeys.push(...file.keys)
        Object.assign(doc, file.fields)
      }

      // --- write, and the first version
      let stored = await insertDoc(this, tx, ctx, collection, schema, doc, source, req)

      // --- afterChange, the events (outbox rows in this transaction), then read back
      const storedForm = structuredClone(stored)
      stored = await afterChange(this, collection, stored, {
        req,
        data: doc,
        operation: 'create',
        overrideAccess,
      })
      const actions = createActions(collection, storedForm)
      await emitCollectionEvents(this, req, collection, actions, storedForm)
      const [out] = await readDocs(this, collection, [stored], req, {
        ...args,
        depth,
        localized: true,
      })
      if (key.key) out.apiKey = key.key // shown once: this answer only
      // Inside the transaction, as Payload does: a message that cannot be sent rolls the account back.
      if (verificationToken && !args.disableVerificationEmail)
        await sendVerificationEmail(
          this,
          collection as AuthCollection,
          { ...out, email: stored.email },
          verificationToken,
          req,
        )
      return out
    },
    {
      prepare: async (req, overrideAccess) => {
        const staged = await stageWrite(this, collection, incoming, 'create', req, overrideAccess)
        cleanup = staged?.cleanup
        return { staged, prehashed: await prehashPassword(collection, incoming.data, req) }
      },
    },
  )
  if (!upload) return run
  // A file fetched for pasteURL waits in a temporary folder until the write is settled.
  return settleFiles(this, upload, run, { stored: storedKeys, replaced: [] }).finally(() =>
    cleanup?.(),
  )
}
