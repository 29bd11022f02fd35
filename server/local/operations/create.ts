import { docToRow } from '../../db/rows.ts'
import { insertRow, selectById } from '../../db/store.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { runFieldHooks, runHooks } from '../hooks.ts'
import { runOperation } from '../operation.ts'
import { depthParam } from '../params.ts'
import { localizeDocs, readDocs } from '../read.ts'
import { createLocalReq, executorFor, withTransaction } from '../request.ts'
import type { CollectionSlug, CreateArgs, DocOf } from '../../config/local-api.ts'
import { isDraft, saveVersion } from '../versions.ts'
import { takeApiKey } from '../take-api-key.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import { sendVerificationEmail } from './auth/emails.ts'
import { sha256, type AuthCollection } from './auth/shared.ts'
import { duplicateSource } from '../duplicate.ts'
import { idParam } from '../params.ts'
import {
  prehashPassword,
  prepareData,
  takePassword,
  toEditable,
  toStored,
  withDraftStatus,
} from '../write.ts'

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
): Promise<DocOf<S>> {
  const collection = this.collection(incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  const schema = this.schemas.get(collection.slug)!
  const prehashed = await prehashPassword(collection, incoming.data)
  return withTransaction(this, req, () =>
    runOperation(collection, req, ['create', 'create'], incoming, overrideAccess, async (args) => {
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
      const { data: withKey, secret } = await takePassword(
        collection,
        args.data,
        'create',
        prehashed,
      )
      const key = await takeApiKey(this.config, collection, withKey, {
        req,
        operation: 'create',
        overrideAccess,
      })
      const { doc } = await prepareData({
        cms: this,
        ex: tx,
        fields: collection.flatFields,
        data: withDraftStatus(key.data, draft),
        req,
        operation: 'create',
        owner: { collection },
        overrideAccess,
        base: source && toEditable(this, collection.flatFields, source, req),
      })
      if (secret) Object.assign(doc, secret)
      if (key.index !== undefined) doc.apiKeyIndex = key.index
      // auth.verify: an account not created verified gets a single-use token (stored as its SHA-256), mailed below.
      let verificationToken: string | undefined
      if (collection.auth && collection.auth.verify && doc._verified !== true) {
        verificationToken = randomBytes(20).toString('hex')
        Object.assign(doc, { _verified: false, _verificationToken: sha256(verificationToken) })
      }

      // --- write, and the first version
      const row = docToRow(
        schema,
        toStored(this, collection.flatFields, structuredClone(doc), source, req),
      )
      if (collection.timestamps) row.createdAt = row.updatedAt = new Date().toISOString()
      // A custom id comes with the data (validated, hooks may set it); a UUID is made here; serial: the database's.
      if (collection.idType === 'uuid') row.id = randomUUID()
      else if (collection.idType !== 'serial') row.id = doc.id
      const id = await insertRow(tx, ctx, collection, row)
      let stored = (await selectById(tx, ctx, collection, id))!
      await saveVersion(this, tx, ctx, collection, id, stored)

      // --- afterChange, then read back
      localizeDocs(this, collection.flatFields, [stored], req)
      await runFieldHooks('afterChange', collection.flatFields, stored, {
        req,
        data: doc,
        operation: 'create',
        collection,
      })
      stored = await runHooks(
        collection.hooks.afterChange,
        'doc',
        {
          doc: stored,
          data: doc,
          previousDoc: undefined,
          operation: 'create',
          req,
          overrideAccess,
        },
        { collection },
      )
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
      return out as DocOf<S>
    }),
  )
}
