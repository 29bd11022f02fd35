import type { Cms } from '../cms.ts'
import { readGlobalRow, writeGlobalRow } from '../globals-store.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { GlobalOf, GlobalSlug, UpdateGlobalArgs } from '../types.ts'
import { prepareData } from '../write.ts'

/** Writes a global (merged over what is stored, validated) in one transaction and returns it. */
export async function updateGlobal<S extends GlobalSlug>(this: Cms, args: UpdateGlobalArgs<S>): Promise<GlobalOf<S>> {
  const global = this.global(args.slug)
  const req = createLocalReq(this, args)
  return withTransaction(this, req, async (tx) => {
    const row = await readGlobalRow(this, tx, global.slug, true)
    const { doc } = await prepareData({
      cms: this, ex: tx, fields: global.flatFields, data: args.data, req, operation: row ? 'update' : 'create', original: row?.data, owner: { global: global.slug },
    })
    await writeGlobalRow(this, tx, global.slug, doc, Boolean(row))
    return this.findGlobal({ ...args, slug: global.slug, req }) as Promise<GlobalOf<S>>
  })
}
