import { Forbidden } from '../../errors/forbidden.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import { executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { readGlobalRow, writeGlobalRow } from '../../db/stores/globals.ts'
import { globalMatches } from '../global-match.ts'
import { localizeDocs } from '../read.ts'
import { runHooks } from '../hooks.ts'
import { createLocalReq, withTransaction } from '../request.ts'
import type { GlobalOf, GlobalSlug, UpdateGlobalArgs } from '../../config/local-api.ts'
import { prepareData, toEditable, toStored } from '../write.ts'

/** Writes a global (merged over what is stored, validated) in one transaction and returns it. */
export async function updateGlobal<S extends GlobalSlug>(
  this: Cms,
  incoming: UpdateGlobalArgs<S>,
): Promise<GlobalOf<S>> {
  const global = this.global(incoming.slug)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return withTransaction(this, req, async (tx) => {
    const args = await runHooks<UpdateGlobalArgs<S>>(
      global.hooks.beforeOperation,
      'args',
      { args: incoming, operation: 'update', req },
      { global },
    )
    const access = await executeAccess(
      global.access.update,
      { req, data: args.data },
      overrideAccess,
    )
    const row = await readGlobalRow(tx, this.db.dialect, global.slug, true)
    if (access !== true) {
      // A Where is evaluated against the stored global (locked above), as the caller's locale reads it: a global
      // it does not match, or one never saved, is denied like `false` (401 anonymous, 403 logged in).
      const stored = row ? structuredClone(row.data) : undefined
      if (stored) localizeDocs(this, global.flatFields, [stored], req)
      if (!globalMatches(stored, access)) throw req.user ? new Forbidden() : new Unauthorized()
    }
    const original = row ? toEditable(this, global.flatFields, row.data, req) : undefined
    const { doc } = await prepareData({
      cms: this,
      ex: tx,
      fields: global.flatFields,
      data: args.data,
      req,
      operation: row ? 'update' : 'create',
      original,
      owner: { global },
      overrideAccess,
    })
    await writeGlobalRow(
      tx,
      this.db.dialect,
      global.slug,
      toStored(this, global.flatFields, structuredClone(doc), row?.data, req),
      Boolean(row),
    )
    await runHooks(
      global.hooks.afterChange,
      'doc',
      { doc, previousDoc: original, operation: 'update', req },
      { global },
    )
    return this.findGlobal({ ...args, slug: global.slug as S, req, overrideAccess }) as Promise<
      GlobalOf<S>
    >
  })
}
