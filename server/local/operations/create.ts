import { docToRow } from '../../db/rows.ts'
import { insertRow, selectById } from '../../db/store.ts'
import type { Cms } from '../cms.ts'
import { afterReadMany } from '../read.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { CollectionSlug, CreateArgs, DocOf } from '../types.ts'
import { prepareData } from '../write.ts'

/** Creates a document in one transaction: defaults, validation, insert (unique violations → 400), read back. */
export async function create<S extends CollectionSlug>(this: Cms, args: CreateArgs<S>): Promise<DocOf<S>> {
  const collection = this.collection(args.collection)
  const req = createLocalReq(this, args)
  const ctx = this.queryContext(req.locale)
  const schema = this.schemas.get(collection.slug)!
  return withTransaction(this, req, async (tx) => {
    // --- validate
    const { doc } = await prepareData({ cms: this, ex: tx, fields: collection.flatFields, data: args.data, req, operation: 'create', owner: { collection: collection.slug } })

    // --- write
    const row = docToRow(schema, doc)
    if (collection.timestamps) row.createdAt = row.updatedAt = new Date().toISOString()
    const id = await insertRow(tx, ctx, collection, row)

    // --- read back
    const stored = (await selectById(tx, ctx, collection, id))!
    const [out] = await afterReadMany(this, collection, [stored], req, args)
    return out as DocOf<S>
  })
}
